import type { WorkerRole } from '../protocol/frame-messages.ts';
import { checkWorkerConnectMessage } from '../protocol/host-message-guards.ts';
import { userModuleFunctionName } from '../worker-source.ts';
import { explainBlockedNetwork } from './explain-blocked-network.ts';
import { captureConsole, HostChannel } from './host-channel.ts';
import { handleHostMessage, loadOwnModule, type HarnessState } from './harness-handlers.ts';
import { toThrownError } from './thrown-error.ts';
import { setZodBundle } from './zod-loader.ts';
import { warmUpCallPath } from './warm-up.ts';

// Entry of the worker harness, bundled by Vite (without zod, which it loads on demand) into one file
// that the host fetches and sends to the iframe. A pooled worker runs it alone and waits, warm, until
// the iframe hands it to a job with a `connect` message; its user module then arrives from the host
// (load-module). A cold worker runs it after its user module in one script (worker-source.ts), and
// loads that module at once. See docs/adr/0008-warm-worker-pool.md.

// Typed through the DOM lib's Window: the events used here (message, error, unhandledrejection) exist on both.
const scope = globalThis;

function onConnect(event: MessageEvent): void {
  const connect = checkWorkerConnectMessage(event.data);
  const port = event.ports[0];
  // Only the iframe can post to this worker, and it sends exactly one connect message.
  if (!connect.ok || !port) return;
  scope.removeEventListener('message', onConnect);
  setZodBundle(connect.message.zod);
  start(port, connect.message.role);
}

function start(port: MessagePort, role: WorkerRole): void {
  const channel = new HostChannel(port);
  captureConsole(channel);
  explainBlockedNetwork(scope);
  const state: HarnessState = {
    channel,
    role,
    module: undefined,
    callAbort: new AbortController(),
    callFailed: undefined,
    timersOnHostClock: true,
  };
  // An error nobody caught (a throwing timer callback) ends the running call, as it would crash a process.
  scope.addEventListener('error', (event) => {
    event.preventDefault();
    state.callFailed?.(event.error ?? new Error(event.message));
  });
  scope.addEventListener('unhandledrejection', (event) => {
    // Not fatal: the promise may still be awaited later. Shown in the call's log instead.
    event.preventDefault();
    channel.log('error', ['Unhandled promise rejection:', toThrownError(event.reason).message]);
  });
  port.addEventListener('message', (event) => handleHostMessage(state, event.data));
  port.start();
  // A cold worker's script started with its user module: load it now. A pooled one waits for load-module.
  if (role !== 'compile' && typeof (scope as unknown as Record<string, unknown>)[userModuleFunctionName] === 'function')
    loadOwnModule(state, role);
}

scope.addEventListener('message', onConnect);
warmUpCallPath();
// Tells the iframe this worker is warm (its pool counts it as ready); nothing of the user's has run yet.
(scope as unknown as { postMessage(message: unknown): void }).postMessage({ type: 'worker-ready' });
