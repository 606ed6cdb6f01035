import type { FrameToHostMessage, WorkerRole, WorkerRuntime } from '../protocol/frame-messages.ts';
import type { PythonAssetBytes } from '../python/host/python-assets.ts';
import type { TranspiledModule } from '../transpile.ts';
import { asIsolatedScript, buildModuleScript } from '../worker-source.ts';
import { checkCode, compileSchema, type CodeCheckResult, type SchemaCompileResult } from './compile.ts';
import { CompileBatches, type CompileHost } from './compile-batches.ts';
import { loadBundleSources, SandboxUnavailableError, type BundleSources } from './bundle-sources.ts';
import { FrameConnection } from './frame-connection.ts';
import { Heartbeat } from './heartbeat.ts';
import { IdleTasks } from './idle-tasks.ts';
import { SimulatedDownstreams } from '../simulated-downstream.ts';
import { WorkerSession } from './worker-session.ts';
import { messageOf } from '../../core/index.ts';
import { afterThisTask, nextTask } from './next-task.ts';
import { PythonCompiler, type PythonCompileOptions, type PythonCompileResult } from '../python/host/python-compiler.ts';

// Owns the sandbox iframe: starts and stops workers in it, watches that it still answers, and
// replaces it when it does not (a worker that ran out of memory takes the iframe's process with it;
// the host page, in another process, survives). See src/sandbox/README.md.

export interface SandboxHostOptions {
  /** Where the hidden iframe goes. Default: document.body. */
  container?: HTMLElement;
  /** Origins ctx.fetch may reach, read at each request (the workspace setting). */
  fetchAllowlist: () => readonly string[];
  /** Default: `${import.meta.env.BASE_URL}sandbox.html`. */
  sandboxUrl?: string;
  /**
   * How long the iframe may take to answer a ping or confirm a stop before it is rebuilt. Default 5000.
   * A rebuild fails every call in flight, and a starved machine (a cold CI runner, a busy laptop, the
   * iframe's own workers compiling) can keep the iframe's thread off the CPU for over a second. The
   * price is a slower verdict on a real crash (out of memory: ~15 s, against ~5 s with 1000), which a
   * call's own deadline usually cuts short. The port's close event would see a crash at once, but
   * Chromium 156 does not fire it when the iframe's process dies (measured with the e2e memory bomb).
   */
  graceMs?: number;
  /**
   * Limit for the iframe to start (and a worker to get zod ready), and for a user module's top level to
   * run. Default 10_000 and 3_000.
   */
  frameStartTimeoutMs?: number;
  moduleLoadTimeoutMs?: number;
  /** Warm workers kept in the iframe (docs/adr/0008). Default: from navigator.hardwareConcurrency, see defaultPoolSize. */
  poolSize?: number;
  /** Compile batches that may run side by side. Default: the number of cores, at most the pool size. */
  compileParallel?: number;
  /** Python workers (Pyodide booted) kept ready once a Python tool exists. Default: defaultPythonPoolSize. */
  pythonPoolSize?: number;
}

/** How many workers a host starts, and how many of those came warm from the pool. */
export interface SandboxStats {
  warmWorkers: number;
  coldWorkers: number;
}

/**
 * Enough warm workers for a parallel batch of calls (each takes one) without holding many idle
 * threads: twice the cores, between 4 and 12. An idle worker costs memory, not CPU.
 */
export function defaultPoolSize(hardwareConcurrency = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.min(12, Math.max(4, Math.floor(hardwareConcurrency || 2) * 2));
}

/**
 * Ready Python workers: enough for a batch at a concurrency limit of 4 to start at once. Each holds an
 * interpreter (~40 MB of wasm memory) and took a second or more of CPU to boot, so fewer than the
 * TypeScript pool; more cores boot more in the same time. See docs/adr/0018-python-tools.md.
 */
export function defaultPythonPoolSize(hardwareConcurrency = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.min(8, Math.max(4, Math.floor(hardwareConcurrency || 2)));
}

export class SandboxHost implements CompileHost {
  private frame: FrameConnection | undefined;
  private opening: Promise<FrameConnection> | undefined;
  private readonly sessions = new Map<string, WorkerSession>();
  private readonly unconfirmedStops = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly rebuildListeners = new Set<() => void>();
  private readonly heartbeat: Heartbeat;
  private nextWorkerId = 1;
  private destroyed = false;
  /** Starts and stops of workers not posted to the frame yet (see toFrameSoon), and the frame they are for. */
  private frameQueue: { frame: FrameConnection; post: (frame: FrameConnection) => void }[] = [];
  private frameFlushScheduled = false;
  /** Pyodide's files, once a Python tool asked for them; sent again to an iframe that was rebuilt. */
  private pythonAssets: PythonAssetBytes | undefined;
  private pythonStarting: Promise<void> | undefined;
  private pythonCompiler: PythonCompiler | undefined;
  /** How many times the iframe was replaced; shown in diagnostics and checked by tests. */
  rebuilds = 0;
  readonly stats: SandboxStats = { warmWorkers: 0, coldWorkers: 0 };
  /** Checks of schema and code modules, batched into shared compile workers. */
  readonly compiler: CompileBatches;
  /** Work that makes later calls faster (a tool's schema worker, its spare): one at a time, while nothing runs. */
  readonly idleTasks: IdleTasks;
  /** Simulated services ctx.fetch reaches at https://downstream.invalid (docs/adr/0014): one per page, as a real downstream is shared. */
  readonly downstreams = new SimulatedDownstreams();

  private constructor(
    readonly options: Required<Omit<SandboxHostOptions, 'container'>> & { container: HTMLElement },
    private readonly sources: BundleSources,
  ) {
    this.heartbeat = new Heartbeat(options.graceMs, {
      // After the queued starts and stops: a pong still proves that everything sent before it was done.
      ping: (pingId) => {
        this.flushFrameQueue();
        this.frame?.ping(pingId);
      },
      // No frame yet (a new one is opening, under its own start timeout): nothing was pinged, nothing to blame.
      onSilent: (silentMs) => {
        if (this.frame) this.rebuild(`it did not answer for ${Math.round(silentMs)} ms`);
      },
    });
    this.compiler = new CompileBatches(this, options.compileParallel);
    this.idleTasks = new IdleTasks(() => this.heartbeat.isBusy || this.destroyed);
  }

  static async create(options: SandboxHostOptions): Promise<SandboxHost> {
    const sources = await loadBundleSources();
    const poolSize = options.poolSize ?? defaultPoolSize();
    const cores = Math.floor(globalThis.navigator?.hardwareConcurrency || 2);
    const host = new SandboxHost(
      {
        container: options.container ?? document.body,
        fetchAllowlist: options.fetchAllowlist,
        sandboxUrl: options.sandboxUrl ?? `${import.meta.env.BASE_URL}sandbox.html`,
        graceMs: options.graceMs ?? 5_000,
        frameStartTimeoutMs: options.frameStartTimeoutMs ?? 10_000,
        moduleLoadTimeoutMs: options.moduleLoadTimeoutMs ?? 3_000,
        poolSize,
        compileParallel: options.compileParallel ?? Math.max(1, Math.min(poolSize, cores)),
        pythonPoolSize: options.pythonPoolSize ?? defaultPythonPoolSize(),
      },
      sources,
    );
    await host.ensureFrame();
    return host;
  }

  /** The JSON Schema of a schema source, or its errors with positions. Nothing is kept running. */
  compileSchema(source: string): Promise<SchemaCompileResult> {
    return compileSchema(this, source);
  }

  /** Whether a code source transpiles, loads and exports an execute function. */
  checkCode(source: string): Promise<CodeCheckResult> {
    return checkCode(this, source);
  }

  /** Compiles a Python tool's module: its definition as read from its function, or errors with positions. */
  compilePython(source: string, options?: PythonCompileOptions): Promise<PythonCompileResult> {
    this.pythonCompiler ??= new PythonCompiler(this);
    return this.pythonCompiler.compile(source, options);
  }

  /**
   * The first Python tool of a page waits for Pyodide's files, the wasm's compile and one boot: 16-28 s
   * measured on the shared 2-core machine at a load of 12-18 (docs/adr/0018), while a boot that hangs
   * never ends. The start-up limit is there for the hung one: 90 s, so a slow start is not a failure.
   */
  get pythonStartTimeoutMs(): number {
    return Math.max(90_000, this.options.frameStartTimeoutMs);
  }

  get moduleLoadTimeoutMs(): number {
    return this.options.moduleLoadTimeoutMs;
  }

  /** Getting zod into a worker is the sandbox starting up, so it gets the start-up limit. */
  get dependencyLoadTimeoutMs(): number {
    return this.options.frameStartTimeoutMs;
  }

  /**
   * A warm worker for `role`, with no module yet (send it load-module); the caller must terminate it.
   * `ahead`: nobody waits for it (a spare), so it is made in a task of its own, after the current one.
   */
  async startWorker(role: WorkerRole, ahead = false): Promise<WorkerSession> {
    if (ahead) await afterThisTask();
    return this.openSession(role, undefined);
  }

  /**
   * A worker with Python booted (from the Python pool), with no module yet (send it python-load). The
   * first call loads Pyodide's files and starts the pool: nothing of Python is fetched before.
   */
  async startPythonWorker(role: 'compile' | 'code'): Promise<WorkerSession> {
    await this.ensurePython();
    return this.openSession(role, undefined, 'python');
  }

  /** Fetches Pyodide's files (once) and has the iframe keep Python workers ready; resolves once it was told. */
  ensurePython(): Promise<void> {
    this.pythonStarting ??= (async () => {
      const { loadPythonAssets } = await import('../python/host/python-assets.ts');
      const assets = await loadPythonAssets();
      const frame = await this.ensureFrame();
      this.pythonAssets = assets;
      frame.configurePython(assets, this.options.pythonPoolSize);
    })();
    this.pythonStarting.catch(() => {
      this.pythonStarting = undefined;
    });
    return this.pythonStarting;
  }

  /**
   * A cold worker running the module and the harness as one script, which loads the module at once
   * (the caller waits for `loaded`): a code tool's spare, or the way to locate a syntax error. Only the
   * module's script is sent; the iframe puts the harness it holds after it (buildWorkerSource).
   */
  async startColdWorker(role: 'schema' | 'code', module: TranspiledModule, ahead = false): Promise<WorkerSession> {
    if (ahead) await afterThisTask();
    return this.openSession(role, buildModuleScript(module.code));
  }

  private async openSession(role: WorkerRole, moduleScript: string | undefined, runtime?: WorkerRuntime): Promise<WorkerSession> {
    const frame = await this.ensureFrame();
    const channel = new MessageChannel();
    const workerId = `w${this.nextWorkerId++}`;
    const session = new WorkerSession(workerId, channel.port1, (stopped) => this.stopWorker(stopped));
    this.sessions.set(workerId, session);
    this.toFrameSoon(frame, (to) => {
      // Ended before it was even asked for (stopped at once, or the frame failed): nothing to start.
      if (session.end) return;
      try {
        to.startWorker(workerId, role, channel.port2, moduleScript, runtime);
      } catch (error) {
        session.fail({ kind: 'crashed', message: `The worker could not be started: ${messageOf(error)}` });
      }
    });
    return session;
  }

  /** Marks the host busy while `work` runs: only then is the iframe watched (idle workers need no watch). */
  async whileBusy<Value>(work: () => Promise<Value>): Promise<Value> {
    this.heartbeat.begin();
    try {
      return await work();
    } finally {
      this.heartbeat.end();
    }
  }

  /** Called after the iframe was replaced: every worker it held is gone. */
  onRebuild(listener: () => void): () => void {
    this.rebuildListeners.add(listener);
    return () => this.rebuildListeners.delete(listener);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.heartbeat.stop();
    this.idleTasks.clear();
    this.failAll('the sandbox was shut down');
    this.pythonCompiler?.dispose();
    this.frame?.destroy();
    this.frame = undefined;
  }

  private ensureFrame(): Promise<FrameConnection> {
    if (this.destroyed) return Promise.reject(new SandboxUnavailableError('The sandbox was shut down'));
    if (this.frame && !this.frame.isDestroyed) return Promise.resolve(this.frame);
    this.opening ??= FrameConnection.open({
      container: this.options.container,
      sandboxUrl: this.options.sandboxUrl,
      frameSource: this.sources.frameSource,
      readyTimeoutMs: this.options.frameStartTimeoutMs,
      onMessage: (message) => this.onFrameMessage(message),
      onInvalidMessage: (problem) => this.rebuild(`it sent an invalid message: ${problem}`),
    }).then(
      (frame) => {
        this.opening = undefined;
        if (this.destroyed) {
          frame.destroy();
          throw new SandboxUnavailableError('The sandbox was shut down');
        }
        this.frame = frame;
        this.heartbeat.reset();
        frame.configurePool(asIsolatedScript(this.sources.harnessSource), asIsolatedScript(this.sources.zodSource), this.options.poolSize);
        // A rebuilt iframe gets its Python workers again (the first one gets them from ensurePython).
        if (this.pythonAssets) frame.configurePython(this.pythonAssets, this.options.pythonPoolSize);
        return frame;
      },
      (error: unknown) => {
        this.opening = undefined;
        throw new SandboxUnavailableError(messageOf(error));
      },
    );
    return this.opening;
  }

  private onFrameMessage(message: FrameToHostMessage): void {
    switch (message.type) {
      case 'pong':
        return this.heartbeat.pong(message.pingId);
      case 'worker-terminated':
        clearTimeout(this.unconfirmedStops.get(message.workerId));
        this.unconfirmedStops.delete(message.workerId);
        return;
      case 'worker-error':
        return this.sessions
          .get(message.workerId)
          ?.fail({ kind: 'worker-error', message: message.message, line: message.line, column: message.column });
      case 'frame-protocol-error':
        // The host sent something the frame refused: a bug on this side. Start over from a clean frame.
        return this.rebuild(`it refused a message: ${message.message}`);
      case 'worker-assigned':
        if (message.warm) this.stats.warmWorkers++;
        else this.stats.coldWorkers++;
        return;
      // FrameConnection answers frame-ready itself and never passes it on; the case keeps the switch exhaustive.
      // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable, see above.
      case 'frame-ready':
        return;
    }
  }

  private stopWorker(session: WorkerSession): void {
    this.sessions.delete(session.workerId);
    const frame = this.frame;
    if (!frame) return;
    // The session has ended already (its port is closed: nothing the worker says is read any more).
    this.toFrameSoon(frame, (to) => to.terminateWorker(session.workerId));
    // No confirmation within the grace period: the frame may be gone, or only slow (a starved CPU).
    // Watch it for a while; the heartbeat rebuilds it if it stays silent. Port messages are ordered,
    // so a pong after this point also proves the terminate was carried out.
    this.unconfirmedStops.set(
      session.workerId,
      setTimeout(() => {
        this.unconfirmedStops.delete(session.workerId);
        if (this.frame !== frame) return;
        this.heartbeat.begin();
        setTimeout(() => this.heartbeat.end(), this.options.graceMs * 3);
      }, this.options.graceMs),
    );
  }

  /**
   * Worker starts and stops go to the frame in a task of their own, in order, several in one go: a
   * call's end stops its worker and starts the next spare, and those posts (a few tenths of a ms each,
   * measured) would otherwise come before the call's result reaches the executor. A worker waited for
   * starts one task later; a stopped one is already cut off from the host (its session ended).
   */
  private toFrameSoon(frame: FrameConnection, post: (frame: FrameConnection) => void): void {
    this.frameQueue.push({ frame, post });
    if (this.frameFlushScheduled) return;
    this.frameFlushScheduled = true;
    nextTask(() => this.flushFrameQueue());
  }

  private flushFrameQueue(): void {
    this.frameFlushScheduled = false;
    const queued = this.frameQueue;
    this.frameQueue = [];
    // For a frame that was replaced meanwhile: its workers are gone with it, their sessions failed.
    for (const { frame, post } of queued) if (frame === this.frame && !frame.isDestroyed) post(frame);
  }

  private rebuild(reason: string): void {
    if (this.destroyed) return;
    this.rebuilds++;
    this.frame?.destroy();
    this.frame = undefined;
    this.failAll(`The sandbox stopped responding (${reason}), probably because a tool used too much memory; it has been restarted`);
    for (const listener of [...this.rebuildListeners]) listener();
    // Rebuild now rather than on the next call, so the next call does not pay for it.
    this.ensureFrame().catch(() => undefined);
  }

  private failAll(message: string): void {
    for (const timer of this.unconfirmedStops.values()) clearTimeout(timer);
    this.unconfirmedStops.clear();
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    for (const session of sessions) session.fail({ kind: 'crashed', message });
    this.heartbeat.reset();
  }
}
