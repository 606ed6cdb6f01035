import { z } from 'zod';
import { hostToFrameMessageSchema, type FrameToHostMessage } from '../protocol/frame-messages.ts';

// The script of the sandbox iframe (opaque origin, CSP without network). Its only job is to start
// and terminate workers: each worker gets the port the host made for it, so worker traffic never
// passes through here. sandbox.html's inline bootstrap loads this file from a Blob URL and leaves the
// host's port in a global.
z.config({ jitless: true });

/** A worker may throw many uncaught errors before the harness takes over; a few are enough to report. */
const maxErrorsPerWorker = 10;

interface RunningWorker {
  worker: Worker;
  url: string;
  errors: number;
}

const port = (globalThis as { toolscopeSandboxPort?: MessagePort }).toolscopeSandboxPort;
const workers = new Map<string, RunningWorker>();

function post(message: FrameToHostMessage): void {
  port?.postMessage(message);
}

function startWorker(workerId: string, source: string, role: 'schema' | 'code', workerPort: MessagePort): void {
  stopWorker(workerId);
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const running: RunningWorker = { worker: new Worker(url, { name: `toolscope-${role}` }), url, errors: 0 };
  workers.set(workerId, running);
  running.worker.addEventListener('error', (event) => {
    // Reported to the host instead of this frame's console, which nobody sees.
    event.preventDefault();
    running.errors++;
    if (running.errors > maxErrorsPerWorker) return;
    post({
      type: 'worker-error',
      workerId,
      message: String(event.message ?? 'Worker error'),
      line: event.lineno ?? 0,
      column: event.colno ?? 0,
    });
  });
  running.worker.postMessage({ type: 'connect', role }, [workerPort]);
}

function stopWorker(workerId: string): void {
  const running = workers.get(workerId);
  if (!running) return;
  running.worker.terminate();
  URL.revokeObjectURL(running.url);
  workers.delete(workerId);
}

function onHostMessage(event: MessageEvent): void {
  const parsed = hostToFrameMessageSchema.safeParse(event.data);
  if (!parsed.success) {
    post({ type: 'frame-protocol-error', message: parsed.error.message });
    return;
  }
  const message = parsed.data;
  switch (message.type) {
    case 'start-worker':
      try {
        startWorker(message.workerId, message.source, message.role, message.port);
      } catch (error) {
        post({
          type: 'worker-error',
          workerId: message.workerId,
          message: `The worker could not start: ${String(error)}`,
          line: 0,
          column: 0,
        });
      }
      return;
    case 'terminate-worker':
      stopWorker(message.workerId);
      post({ type: 'worker-terminated', workerId: message.workerId });
      return;
    case 'ping':
      post({ type: 'pong', pingId: message.pingId });
      return;
  }
}

if (port) {
  port.addEventListener('message', onHostMessage);
  port.start();
  post({ type: 'frame-ready' });
}
