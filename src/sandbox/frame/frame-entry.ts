import type { FrameToHostMessage, WorkerConnectMessage, WorkerRole, WorkerRuntime } from '../protocol/frame-messages.ts';
import { checkHostToFrameMessage } from '../protocol/host-message-guards.ts';
import { createPythonPool } from './python-pool.ts';
import { WarmPool } from './warm-pool.ts';

// The script of the sandbox iframe (opaque origin, CSP without network). Its only job is to start
// and terminate workers: each worker gets the port the host made for it, so worker traffic never
// passes through here. It keeps a few warm workers (harness evaluated, no user code yet) so that a
// call does not wait for a worker to start; see docs/adr/0008-warm-worker-pool.md. sandbox.html's
// inline bootstrap loads this file from a Blob URL and leaves the host's port in a global.

/** A worker may throw many uncaught errors before the harness takes over; a few are enough to report. */
const maxErrorsPerWorker = 10;

interface RunningWorker {
  worker: Worker;
  /** Blob URLs made for this worker alone, revoked when it stops. */
  urls: string[];
}

const port = (globalThis as { toolscopeSandboxPort?: MessagePort }).toolscopeSandboxPort;
const workers = new Map<string, RunningWorker>();
let zodBlob: Blob | undefined;
/** The harness (isolated), from configure-pool: the pool's workers run it, and cold workers after their module. */
let harnessBlob: Blob | undefined;
let pool: WarmPool | undefined;
/** Python workers (Pyodide booted), made only once a Python tool exists. */
let pythonPool: WarmPool | undefined;

function post(message: FrameToHostMessage): void {
  port?.postMessage(message);
}

/** Errors of the Worker object (a parse error, an error nobody caught) go to the host, not this frame's console. */
function reportErrors(worker: Worker, workerId: string): void {
  let errors = 0;
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    errors++;
    if (errors > maxErrorsPerWorker) return;
    post({
      type: 'worker-error',
      workerId,
      message: String(event.message ?? 'Worker error'),
      line: event.lineno ?? 0,
      column: event.colno ?? 0,
    });
  });
}

function startWorker(
  workerId: string,
  role: WorkerRole,
  workerPort: MessagePort,
  moduleScript: string | undefined,
  runtime: WorkerRuntime,
): void {
  stopWorker(workerId);
  const urls: string[] = [];
  let worker: Worker;
  let warm = false;
  if (moduleScript !== undefined) {
    // A cold worker running the user module and the harness as one script (buildWorkerSource in
    // worker-source.ts): a Blob of the two parts, so the harness is not copied.
    if (!harnessBlob) throw new Error('the worker pool is not configured yet');
    const url = URL.createObjectURL(new Blob([moduleScript, harnessBlob], { type: 'text/javascript' }));
    urls.push(url);
    worker = new Worker(url, { name: `toolscope-${role}` });
  } else {
    const from = runtime === 'python' ? pythonPool : pool;
    if (!from) throw new Error(`the ${runtime} worker pool is not configured yet`);
    const taken = from.take();
    worker = taken.worker;
    warm = taken.warm;
  }
  reportErrors(worker, workerId);
  workers.set(workerId, { worker, urls });
  // zod goes as the Blob: the harness makes a URL of it only when a module needs zod (zod-loader.ts).
  const connect: WorkerConnectMessage = { type: 'connect', role, zod: zodBlob ?? null };
  worker.postMessage(connect, [workerPort]);
  post({ type: 'worker-assigned', workerId, warm });
}

function stopWorker(workerId: string): void {
  const running = workers.get(workerId);
  if (!running) return;
  running.worker.terminate();
  for (const url of running.urls) URL.revokeObjectURL(url);
  workers.delete(workerId);
}

function onHostMessage(event: MessageEvent): void {
  const checked = checkHostToFrameMessage(event.data);
  if (!checked.ok) {
    post({ type: 'frame-protocol-error', message: checked.problem });
    return;
  }
  const message = checked.message;
  switch (message.type) {
    case 'configure-pool':
      zodBlob = new Blob([message.zodSource], { type: 'text/javascript' });
      pool?.dispose();
      harnessBlob = new Blob([message.harnessSource], { type: 'text/javascript' });
      pool = new WarmPool(harnessBlob, message.size);
      pool.fill();
      return;
    case 'configure-python':
      pythonPool?.dispose();
      pythonPool = createPythonPool(message);
      pythonPool.fill();
      return;
    case 'start-worker':
      try {
        startWorker(message.workerId, message.role, message.port, message.moduleScript, message.runtime ?? 'typescript');
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
