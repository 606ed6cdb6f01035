import type { HostToFrameMessage } from '../protocol/frame-messages.ts';
import { BootQueue } from './boot-queue.ts';
import { browserPoolEnvironment, WarmPool, type PoolEnvironment } from './warm-pool.ts';

// The iframe's pool of Python workers (docs/adr/0018-python-tools.md): made only when the host sends
// Pyodide's files, i.e. once the workspace has a Python tool. The 9 MB wasm is compiled here once and
// the compiled module is posted to each worker (instantiating it takes milliseconds; compiling it, a
// second or more), with Blob URLs of Pyodide's two scripts and the standard library's bytes. A worker
// is warm when Python has booted in it; like the TypeScript pool, each serves one job and is terminated.
// Its workers boot at most one per core at a time (boot-queue.ts), a job's boot first.
// Classic workers, as the TypeScript pool's: a module worker does not start in this opaque-origin frame.

type ConfigurePython = Extract<HostToFrameMessage, { type: 'configure-python' }>;

/** The Python pool: a worker a job took before it booted goes to the front of the boot queue. */
class PythonPool extends WarmPool {
  constructor(
    harness: Blob,
    size: number,
    environment: PoolEnvironment,
    private readonly boots: BootQueue<Worker>,
  ) {
    super(harness, size, environment);
  }

  override take(): { worker: Worker; warm: boolean } {
    const taken = super.take();
    if (!taken.warm) this.boots.hurry(taken.worker);
    return taken;
  }
}

export function createPythonPool(message: ConfigurePython): WarmPool {
  const script = (source: string) => URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const loaderUrl = script(message.loaderSource);
  const asmUrl = script(message.asmSource);
  // Read here, in the iframe's process, not on the page's thread (python-assets.ts).
  const wasm = WebAssembly.compileStreaming(new Response(message.wasm, { headers: { 'content-type': 'application/wasm' } }));
  const stdlib = message.stdlib.arrayBuffer();
  const boots = new BootQueue<Worker>();
  const environment: PoolEnvironment = {
    ...browserPoolEnvironment,
    createWorker: (url) => {
      const worker = new Worker(url, { name: 'toolscope-python' });
      // The boot ends when Python is up (worker-ready), when the worker fails, or when it is stopped.
      const ended = () => boots.done(worker);
      worker.addEventListener('message', (event: MessageEvent) => {
        if ((event.data as { type?: string } | undefined)?.type === 'worker-ready') ended();
      });
      worker.addEventListener('error', ended);
      const terminate = worker.terminate.bind(worker);
      worker.terminate = () => {
        ended();
        terminate();
      };
      boots.enqueue(worker, () => {
        void Promise.all([wasm, stdlib]).then(
          ([compiled, bytes]) =>
            worker.postMessage({
              type: 'python-assets',
              loaderUrl,
              asmUrl,
              wasm: compiled,
              stdlib: bytes.slice(0),
              lockFile: message.lockFile,
            }),
          () => worker.terminate(),
        );
      });
      return worker;
    },
  };
  return new PythonPool(new Blob([message.harnessSource], { type: 'text/javascript' }), message.size, environment, boots);
}
