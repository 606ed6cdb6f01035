import type { PyodideAPI } from 'pyodide';
import { checkHostToWorkerMessage, checkWorkerConnectMessage } from '../../protocol/host-message-guards.ts';
import type { WorkerRole } from '../../protocol/frame-messages.ts';
import { HostChannel } from '../../worker/host-channel.ts';
import { toThrownError } from '../../worker/thrown-error.ts';
import { bootPython, isPythonAssets } from './pyodide-boot.ts';
import { handlePythonMessage, type PythonHarnessState } from './python-handlers.ts';

// Entry of the Python worker, bundled by Vite with Pyodide's loader into one module-worker script that
// the host fetches and hands to the iframe (docs/adr/0018-python-tools.md). A pooled worker boots
// CPython as soon as the iframe sends it Pyodide's files, imports the `toolscope` module, and tells the
// iframe it is warm; nothing of the user's has run yet. It is then handed to one job (a `connect`
// message with its port to the host): a compile worker loads tool modules to describe them, a code
// worker loads one tool's module and serves exactly one call before it is terminated.

const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown): void;
};

let python: PyodideAPI | undefined;
let job: { port: MessagePort; role: WorkerRole } | undefined;
let started = false;

function onFrameMessage(event: MessageEvent): void {
  if (isPythonAssets(event.data) && !python) {
    void bootPython(event.data).then(
      (booted) => {
        python = booted;
        scope.postMessage({ type: 'worker-ready' });
        startWhenBoth();
      },
      (error: unknown) => {
        // Reported like any error of the worker's script: the iframe passes it to the host.
        setTimeout(() => {
          throw new Error(`Python could not start in the sandbox: ${toThrownError(error).message}`);
        });
      },
    );
    return;
  }
  const connect = checkWorkerConnectMessage(event.data);
  const port = event.ports[0];
  if (!connect.ok || !port || job) return;
  job = { port, role: connect.message.role };
  startWhenBoth();
}

/** The iframe may hand a worker to a job before Python has booted in it: the job starts once both are there. */
function startWhenBoth(): void {
  if (!python || !job || started) return;
  started = true;
  scope.removeEventListener('message', onFrameMessage);
  const channel = new HostChannel(job.port);
  const state: PythonHarnessState = { python, channel, role: job.role, loaded: false, aborted: false };
  python.setStdout({ batched: (line: string) => channel.log('log', [line]) });
  python.setStderr({ batched: (line: string) => channel.log('error', [line]) });
  job.port.addEventListener('message', (event) => {
    const checked = checkHostToWorkerMessage(event.data);
    if (!checked.ok) {
      channel.post({ type: 'worker-protocol-error', message: `Unexpected message from the host: ${checked.problem}` });
      return;
    }
    handlePythonMessage(state, checked.message);
  });
  job.port.start();
}

scope.addEventListener('message', onFrameMessage);
