// The layers of src/ and what each may import (docs/ARCHITECTURE.md). Read by eslint.config.js, so a
// wrong import fails `npm run lint`; scripts/layers.test.ts proves it does.
// Everything below the store: the store may import every layer but the UI.
const storeMayImport = [
  'core',
  'assertions',
  'sandbox',
  'faults',
  'llm',
  'mcp',
  'agent',
  'samples',
  'trace',
  'workspace',
  'tour',
  'history',
  'session',
  'tool-export',
];

const below = {
  core: [],
  // Trajectory assertions: pure (zod, and the core's linear-time patterns), so an exported project can
  // reuse them as they are.
  assertions: ['core'],
  sandbox: ['core'],
  // Fault injection: a wrapper around any core Tool, and the settings it reads.
  faults: ['core'],
  llm: ['core'],
  // MCP servers' tools as core Tools; the SDK client inside loads lazily.
  mcp: ['core'],
  agent: ['core', 'llm'],
  // Sample tools and scenarios are data beside the agent loop: nothing above it.
  samples: ['core', 'sandbox', 'llm', 'agent', 'assertions'],
  trace: ['core', 'llm', 'agent', 'faults', 'assertions'],
  workspace: ['core', 'llm', 'samples', 'faults', 'assertions'],
  tour: ['core', 'samples', 'workspace'],
  // Kept runs in IndexedDB: plain records of what a run did, readable without the session.
  history: ['core', 'llm', 'agent', 'trace', 'workspace'],
  session: ['core', 'assertions', 'sandbox', 'faults', 'llm', 'agent', 'samples', 'trace', 'workspace', 'history'],
  // Taking tools out (code, definitions, a project zip) and bringing them in: text in, text out. The
  // sandbox only for its Python runtime's own text (an exported Python tool raises the same error classes).
  'tool-export': ['core', 'sandbox', 'llm', 'samples', 'workspace'],
  store: storeMayImport,
  // The UI may use every layer; only its containers read the store (see docs/ARCHITECTURE.md).
  ui: [...storeMayImport, 'store'],
};

/** What each layer may import besides itself (docs/ARCHITECTURE.md's table is checked against it). */
export const layerImports = below;

const layerNames = Object.keys(below);

export const layers = layerNames.map((layer) => ({ type: layer, pattern: `src/${layer}` }));

export const layerPolicies = layerNames.map((layer) => ({
  from: { element: { type: layer } },
  allow: { to: { element: { types: { anyOf: [layer, ...below[layer]] } } } },
}));
