// Types of layers.config.js (plain JavaScript, so ESLint can load it as it is) for the test that reads it.
export const layers: readonly { type: string; pattern: string }[];
export const layerPolicies: readonly unknown[];
/** What each layer of src/ may import besides itself. */
export const layerImports: Readonly<Record<string, readonly string[]>>;
