import { toBoundedJson } from '../bounded-json.ts';
import { checkHostToWorkerMessage } from '../protocol/host-message-guards.ts';
import { createWorkerContext } from './worker-context.ts';
import type { HostChannel } from './host-channel.ts';

// A worker is a fresh V8 isolate: each harness function is compiled the first time it runs. For a code
// worker that first time was the call itself (checking the execute message, building ctx, serializing
// the result: ~0.5 ms of an echo call's ~1 ms in the worker). A pool worker runs them once on values of
// its own while it waits, before any user code exists in it, so the call finds them compiled. Nothing
// here is observable later: no global is touched, the context made is dropped.

const sampleContext = { toolCallId: 'warm-up', attempt: 1, env: {}, idempotencyKey: 'warm-up' };

export function warmUpCallPath(): void {
  checkHostToWorkerMessage({ type: 'execute', input: {}, context: sampleContext });
  createWorkerContext(sampleContext, undefined as unknown as HostChannel, new AbortController().signal);
  toBoundedJson({ text: 'warm-up', count: 1, ok: true, nothing: null, list: [1, 'two', { three: 3 }] });
}
