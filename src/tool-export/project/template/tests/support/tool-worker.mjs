// Runs one call in a worker thread (see call-in-worker.ts). Plain JavaScript: a worker does not get
// vitest's TypeScript loader, so it loads the TypeScript sources through tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { callTool } = await tsImport('./call-tool.ts', import.meta.url);
parentPort.postMessage({ loaded: true });
parentPort.postMessage({ outcome: await callTool(workerData.name, workerData.input) });
