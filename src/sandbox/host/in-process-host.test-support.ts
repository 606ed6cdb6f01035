import { Script } from 'node:vm';
import * as zod from 'zod';
import type { WorkerRole } from '../protocol/frame-messages.ts';
import type { TranspiledModule } from '../transpile.ts';
import { handleHostMessage, loadOwnModule, type HarnessState } from '../worker/harness-handlers.ts';
import { HostChannel } from '../worker/host-channel.ts';
import { provideZod } from '../worker/zod-loader.ts';
import { buildModuleScript, userModuleFunctionName, userModuleUrl } from '../worker-source.ts';
import { CompileBatches } from './compile-batches.ts';
import { IdleTasks } from './idle-tasks.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { WorkerSession } from './worker-session.ts';
import { SimulatedDownstreams } from '../simulated-downstream.ts';

// Test support for the host side of the sandbox (not shipped, not mutated): a stand-in SandboxHost whose
// "workers" run the real harness (src/sandbox/worker) in this process over a MessageChannel, so
// compile batches, validation and execute are tested against the real protocol without an iframe. A
// warm worker gets its module as a script (load-module), which the harness loads with importScripts;
// here importScripts is played by an indirect eval of that script while the message is handled (the
// app never evaluates code that way). zod is handed to the harness instead of loaded from a Blob URL.
// Code that loops forever would block the test process: tests use long sleeps instead.

export interface FakeWorker {
  workerId: string;
  role: WorkerRole;
  /** A cold worker (started from its whole script: a code tool's spare, or to locate a syntax error). */
  cold: boolean;
  /** The worker's end of the port: tests post raw messages on it to play a misbehaving worker. */
  port: MessagePort;
  terminated: boolean;
}

export interface InProcessHostOptions {
  moduleLoadTimeoutMs?: number;
  dependencyLoadTimeoutMs?: number;
  fetchAllowlist?: readonly string[];
  /** Makes startWorker fail (the sandbox could not start). */
  startError?: Error;
  /** Replaces the harness for a worker: tests that play the worker by hand. */
  manual?: (worker: FakeWorker) => boolean;
  /** Compile batches side by side. Default 1. */
  compileParallel?: number;
}

export interface InProcessHost {
  host: SandboxHost;
  workers: FakeWorker[];
  /** The host's ends, in start order: tests fail them as SandboxHost does when the iframe dies. */
  sessions: WorkerSession[];
  /** How many whileBusy sections are open now. */
  busy(): number;
}

const globals = globalThis as unknown as Record<string, unknown>;

export function inProcessHost(options: InProcessHostOptions = {}): InProcessHost {
  provideZod(zod);
  const workers: FakeWorker[] = [];
  const sessions: WorkerSession[] = [];
  let busy = 0;
  const open = (role: WorkerRole, cold: boolean): { worker: FakeWorker; session: WorkerSession } => {
    const channel = new MessageChannel();
    const worker: FakeWorker = { workerId: `w${workers.length + 1}`, role, cold, port: channel.port2, terminated: false };
    workers.push(worker);
    const session = new WorkerSession(worker.workerId, channel.port1, () => {
      worker.terminated = true;
      channel.port2.close();
    });
    sessions.push(session);
    return { worker, session };
  };
  const host = {
    downstreams: new SimulatedDownstreams(),
    moduleLoadTimeoutMs: options.moduleLoadTimeoutMs ?? 2_000,
    dependencyLoadTimeoutMs: options.dependencyLoadTimeoutMs ?? 2_000,
    options: { fetchAllowlist: () => options.fetchAllowlist ?? [] },
    startWorker: async (role: WorkerRole) => {
      if (options.startError) throw options.startError;
      const { worker, session } = open(role, false);
      if (!options.manual?.(worker)) startHarness(worker.port, role);
      return session;
    },
    startColdWorker: async (role: 'schema' | 'code', module: TranspiledModule) => {
      if (options.startError) throw options.startError;
      const { worker, session } = open(role, true);
      if (!options.manual?.(worker)) startColdHarness(worker.port, session, role, module);
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
  } as unknown as SandboxHost & { compiler: CompileBatches; idleTasks: IdleTasks };
  host.compiler = new CompileBatches(host, options.compileParallel ?? 1);
  host.idleTasks = new IdleTasks(() => false);
  return { host, workers, sessions, busy: () => busy };
}

/** What harness-entry.ts does in a warm worker, minus the global error handlers: wait for load-module. */
export function startHarness(port: MessagePort, role: WorkerRole): HarnessState {
  provideZod(zod);
  const channel = new HostChannel(port);
  const state: HarnessState = { channel, role, module: undefined, callAbort: new AbortController(), callFailed: undefined };
  port.addEventListener('message', (event) => withImportScripts(event.data, () => handleHostMessage(state, event.data)));
  port.start();
  return state;
}

/**
 * A cold worker: its script is the module's, then the harness's. One that does not parse is reported
 * as the browser reports it, an error event with the line and column of the whole script (node:vm finds
 * the same); one that parses defines the module's function, and the harness runs it at once.
 */
function startColdHarness(port: MessagePort, session: WorkerSession, role: 'schema' | 'code', module: TranspiledModule): void {
  const script = buildModuleScript(module.code);
  const error = syntaxErrorOf(script);
  if (error) return session.fail({ kind: 'worker-error', ...error });
  const state = startHarness(port, role);
  // Indirect eval: the script's top-level function becomes a global, as the worker's own script makes it.
  (0, eval)(script);
  try {
    loadOwnModule(state, role);
  } finally {
    delete globals[userModuleFunctionName];
  }
}

/** Where a classic script fails to parse, as a worker's error event says it ("Uncaught SyntaxError: ..."). */
export function syntaxErrorOf(script: string): { message: string; line: number; column: number } | undefined {
  try {
    new Script(script, { filename: userModuleUrl });
    return undefined;
  } catch (error) {
    const [where, , caret] = String((error as Error).stack).split('\n');
    const line = Number(where?.slice(where.lastIndexOf(':') + 1));
    const column = (caret ?? '').indexOf('^') + 1;
    return { message: `Uncaught SyntaxError: ${(error as Error).message}`, line, column };
  }
}

/**
 * importScripts for the scripts a load-module or check-modules message makes the harness load, while
 * that message is handled: the harness puts each script in a Blob URL, which is read back here.
 */
function withImportScripts(data: unknown, handle: () => void): void {
  const message = data as { type?: unknown };
  if (message?.type !== 'load-module' && message?.type !== 'check-modules') return handle();
  const scripts = new Map<string, string>();
  const saved = { Blob: globalThis.Blob, create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  globals.Blob = class {
    constructor(readonly parts: string[]) {}
  };
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:in-process/${scripts.size + 1}`;
    scripts.set(url, (blob as unknown as { parts: string[] }).parts.join(''));
    return url;
  };
  URL.revokeObjectURL = (url: string) => void scripts.delete(url);
  globals.importScripts = (url: string) => {
    // Indirect eval: a classic script's top-level function becomes a global, as importScripts makes it.
    (0, eval)(scripts.get(url) ?? '');
  };
  try {
    handle();
  } finally {
    globals.Blob = saved.Blob;
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
    delete globals.importScripts;
    delete globals[userModuleFunctionName];
  }
}

/** Plays a worker stuck in its module's top level (an endless loop): it starts running it and never ends. */
export function stuckInModule(worker: FakeWorker): boolean {
  worker.port.addEventListener('message', (event: MessageEvent<{ type: string; requestId: number }>) => {
    if (event.data.type === 'load-module') worker.port.postMessage({ type: 'module-running', requestId: event.data.requestId });
  });
  worker.port.start();
  return true;
}

export const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
