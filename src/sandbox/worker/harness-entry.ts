import { z } from 'zod';
import { workerConnectMessageSchema } from '../protocol/frame-messages.ts';
import { captureConsole, HostChannel } from './host-channel.ts';
import { handleHostMessage, type HarnessState } from './harness-handlers.ts';
import { toThrownError } from './thrown-error.ts';
import { loadUserModule } from './user-module.ts';

// Entry of the worker harness, bundled by Vite (with zod) into one file that the host fetches and
// sends to the iframe, which appends it after the user's module in each worker's Blob script.
// The sandbox CSP has no 'unsafe-eval': zod must not compile parsers with new Function.
z.config({ jitless: true });

// Typed through the DOM lib's Window: the events used here (message, error, unhandledrejection) exist on both.
const scope = globalThis;

function onConnect(event: MessageEvent): void {
  const connect = workerConnectMessageSchema.safeParse(event.data);
  const port = event.ports[0];
  // Only the iframe can post to this worker, and it sends exactly one connect message.
  if (!connect.success || !port) return;
  scope.removeEventListener('message', onConnect);
  start(port, connect.data.role);
}

function start(port: MessagePort, role: 'schema' | 'code'): void {
  const channel = new HostChannel(port);
  captureConsole(channel);
  const state: HarnessState = { channel, module: undefined, callAbort: new AbortController(), callFailed: undefined };
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
  const loaded = loadUserModule(role);
  if (loaded.ok) {
    state.module = loaded;
    channel.post({ type: 'loaded' });
  } else {
    channel.post({ type: 'load-failed', error: toThrownError(loaded.error) });
  }
}

scope.addEventListener('message', onConnect);
