// Monaco's JSON hover renders a schema's `markdownDescription` as Markdown, images included, and the
// image loads from the app's page: a schema's `.meta({ markdownDescription: '![x](http://…/exfil?data=…)' })`
// sent data out around the tool allowlist (issue 28). Monaco is given a copy without the Markdown texts;
// it then shows the plain `description`, which it does not render as Markdown. (The page's CSP img-src
// refuses remote images as well.)

const markdownKeys = new Set(['markdownDescription', 'markdownEnumDescriptions', 'markdownDeprecationMessage']);
/** Deeper than any tool schema; a hostile one is cut there rather than overflow the stack. */
const maxDepth = 64;

export function hoverSafeSchema(schema: unknown, depth = 0): unknown {
  if (schema === null || typeof schema !== 'object' || depth > maxDepth) return depth > maxDepth ? {} : schema;
  if (Array.isArray(schema)) return schema.map((item) => hoverSafeSchema(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (markdownKeys.has(key)) continue;
    Object.defineProperty(copy, key, { value: hoverSafeSchema(value, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
