// The layers of src/ and what each may import (docs/ARCHITECTURE.md). Read by eslint.config.js, so a
// wrong import fails `npm run lint`; scripts/layers.test.ts proves it does.
const below = {
  core: [],
  sandbox: ['core'],
  llm: ['core'],
  // MCP servers' tools as core Tools; the SDK client inside loads lazily.
  mcp: ['core'],
  agent: ['core', 'llm'],
  // Sample tools and scenarios are data beside the agent loop: nothing above it.
  samples: ['core', 'sandbox', 'llm', 'agent'],
  trace: ['core', 'llm', 'agent'],
  workspace: ['core', 'llm', 'samples'],
  tour: ['core', 'samples', 'workspace'],
  session: ['core', 'sandbox', 'llm', 'agent', 'samples', 'trace', 'workspace'],
  // Taking tools out (code, definitions, a project zip) and bringing them in: text in, text out.
  'tool-export': ['core', 'llm', 'samples', 'workspace'],
  store: ['core', 'sandbox', 'llm', 'mcp', 'agent', 'samples', 'trace', 'workspace', 'tour', 'session', 'tool-export'],
  ui: ['core', 'sandbox', 'llm', 'mcp', 'agent', 'samples', 'trace', 'workspace', 'tour', 'session', 'tool-export', 'store'],
};

const layerNames = Object.keys(below);

export const layers = layerNames.map((layer) => ({ type: layer, pattern: `src/${layer}` }));

export const layerPolicies = layerNames.map((layer) => ({
  from: { element: { type: layer } },
  allow: { to: { element: { types: { anyOf: [layer, ...below[layer]] } } } },
}));
