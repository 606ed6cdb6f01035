import type { WorkerRole } from '../protocol/frame-messages.ts';
import type { TranspiledModule } from '../transpile.ts';
import { handleHostMessage, type HarnessState } from '../worker/harness-handlers.ts';
import { HostChannel } from '../worker/host-channel.ts';
import { toThrownError } from '../worker/thrown-error.ts';
import { loadUserModule } from '../worker/user-module.ts';
import { userModuleFunctionName } from '../worker-source.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { WorkerSession } from './worker-session.ts';

// Test support for the host side of the sandbox (not shipped, not mutated): a stand-in SandboxHost whose
// "workers" run the real harness (src/sandbox/worker) in this process over a MessageChannel, so
// compile, validation and execute are tested against the real protocol without an iframe. The user
// module is installed with new Function, as the harness tests do; the app never does that. Code that
// loops forever would block the test process: tests use long sleeps instead.

export interface FakeWorker {
  workerId: string;
  role: WorkerRole;
  /** The worker's end of the port: tests post raw messages on it to play a misbehaving worker. */
  port: MessagePort;
  terminated: boolean;
}

export interface InProcessHostOptions {
  moduleLoadTimeoutMs?: number;
  fetchAllowlist?: readonly string[];
  /** Makes startWorker fail (the sandbox could not start). */
  startError?: Error;
  /** Replaces the harness for a worker: tests that play the worker by hand. */
  manual?: (worker: FakeWorker) => boolean;
}

export interface InProcessHost {
  host: SandboxHost;
  workers: FakeWorker[];
  /** The host's ends, in start order: tests fail them as SandboxHost does when the iframe dies. */
  sessions: WorkerSession[];
  /** How many whileBusy sections are open now, and the most that ever were. */
  busy(): number;
}

const globals = globalThis as unknown as Record<string, unknown>;

export function inProcessHost(options: InProcessHostOptions = {}): InProcessHost {
  const workers: FakeWorker[] = [];
  const sessions: WorkerSession[] = [];
  let busy = 0;
  const host = {
    options: { moduleLoadTimeoutMs: options.moduleLoadTimeoutMs ?? 2_000, fetchAllowlist: () => options.fetchAllowlist ?? [] },
    startWorker: async (role: WorkerRole, module: TranspiledModule) => {
      if (options.startError) throw options.startError;
      const channel = new MessageChannel();
      const worker: FakeWorker = { workerId: `w${workers.length + 1}`, role, port: channel.port2, terminated: false };
      workers.push(worker);
      const session = new WorkerSession(worker.workerId, channel.port1, () => {
        worker.terminated = true;
        channel.port2.close();
      });
      sessions.push(session);
      if (!options.manual?.(worker)) startHarness(channel.port2, role, new Function('require', 'module', 'exports', module.code));
      return session;
    },
    whileBusy: async <Value>(work: () => Promise<Value>): Promise<Value> => {
      busy++;
      try {
        return await work();
      } finally {
        busy--;
      }
    },
  } as unknown as SandboxHost;
  return { host, workers, sessions, busy: () => busy };
}

/** What harness-entry.ts does in a worker, minus the global error handlers. */
export function startHarness(port: MessagePort, role: WorkerRole, moduleFunction: unknown): void {
  const channel = new HostChannel(port);
  const state: HarnessState = { channel, module: undefined, callAbort: new AbortController(), callFailed: undefined };
  port.addEventListener('message', (event) => handleHostMessage(state, event.data));
  port.start();
  globals[userModuleFunctionName] = moduleFunction;
  try {
    const loaded = loadUserModule(role);
    if (loaded.ok) {
      state.module = loaded;
      channel.post({ type: 'loaded' });
    } else {
      channel.post({ type: 'load-failed', error: toThrownError(loaded.error) });
    }
  } finally {
    delete globals[userModuleFunctionName];
  }
}

export const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
