// The layers of src/ and what each may import (docs/ARCHITECTURE.md). Read by eslint.config.js, so a
// wrong import fails `npm run lint`; scripts/layers.test.ts proves it does.
const below = {
  core: [],
  sandbox: ['core'],
  // Fault injection: a wrapper around any core Tool, and the settings it reads.
  faults: ['core'],
  llm: ['core'],
  agent: ['core', 'llm'],
  // Sample tools and scenarios are data beside the agent loop: nothing above it.
  samples: ['core', 'sandbox', 'llm', 'agent'],
  trace: ['core', 'llm', 'agent', 'faults'],
  workspace: ['core', 'llm', 'samples', 'faults'],
  tour: ['core', 'samples', 'workspace'],
  // Kept runs in IndexedDB: plain records of what a run did, readable without the session.
  history: ['core', 'llm', 'agent', 'trace', 'workspace'],
  session: ['core', 'sandbox', 'faults', 'llm', 'agent', 'samples', 'trace', 'workspace', 'history'],
  store: ['core', 'sandbox', 'faults', 'llm', 'agent', 'samples', 'trace', 'workspace', 'tour', 'history', 'session'],
  ui: ['core', 'sandbox', 'faults', 'llm', 'agent', 'samples', 'trace', 'workspace', 'tour', 'history', 'session', 'store'],
};

const layerNames = Object.keys(below);

export const layers = layerNames.map((layer) => ({ type: layer, pattern: `src/${layer}` }));

export const layerPolicies = layerNames.map((layer) => ({
  from: { element: { type: layer } },
  allow: { to: { element: { types: { anyOf: [layer, ...below[layer]] } } } },
}));
