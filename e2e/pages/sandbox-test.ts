import {
  ToolExecutor,
  type RetryPolicy,
  type TimeoutStrategy,
  type ToolCallResult,
  errorOf,
  modelFacingPayload,
} from '../../src/core/index.ts';
import {
  createSandboxedPythonTool,
  createSandboxedTool,
  SandboxHost,
  transpileUserSource,
  type SandboxedTool,
  type SandboxedPythonTool,
  type SandboxedToolOptions,
} from '../../src/sandbox/index.ts';

// Test page for e2e/sandbox*.spec.ts: a SandboxHost and a real ToolExecutor, driven from Playwright
// through `window.sandboxTest`, with no dependency on the app's UI.

export interface CallSummary {
  status: ToolCallResult['status'];
  errorKind: string | undefined;
  errorMessage: string | undefined;
  /** Where in the tool's source it failed (kept out of the message the model reads). */
  errorLocation: { line: number; column: number } | undefined;
  result: unknown;
  logs: string[];
  attempts: number;
  elapsedMs: number;
  /** Longest time between two animation frames of this page while the call ran. */
  maxFrameGapMs: number;
  frames: number;
}

export interface Figures {
  samples: number;
  transpileMedianMs: number;
  coldStartMedianMs: number;
  callMedianMs: number;
  callP95Ms: number;
  warmRoundTripMedianMs: number;
}

export interface FanOutFigure {
  /** Spread (max - min) of the moments user code started, as each worker saw the wall clock. */
  startSpreadMs: number;
  /** From the batch's start to the last result. */
  batchMs: number;
}

const state = {
  host: undefined as SandboxHost | undefined,
  executor: new ToolExecutor({ timeoutMs: 5_000 }),
  tools: new Map<string, SandboxedTool>(),
  pythonTools: new Map<string, SandboxedPythonTool>(),
  allowlist: [] as string[],
  /** Attempts the executor killed (their worker terminated), in page time. */
  kills: [] as { toolName: string; at: number }[],
  /** What a tool's work did after the executor stopped waiting for it: late settles and log lines. */
  afterwards: [] as { toolName: string; event: string; detail: string | undefined }[],
};

function host(): SandboxHost {
  if (!state.host) throw new Error('call sandboxTest.start() first');
  return state.host;
}

function tool(name: string): SandboxedTool {
  const found = state.tools.get(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

/** Counts animation frames and keeps the longest gap between two: a frozen main thread shows up here. */
function watchFrames(): () => { maxFrameGapMs: number; frames: number; longTasks: string[] } {
  // Which context the page's long tasks ran in ("self", or the sandbox iframe if it shares the thread).
  const longTasks: string[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { attribution?: { containerType?: string }[] })[])
      longTasks.push(
        `${Math.round(entry.duration)} ms ${entry.name}${entry.attribution?.[0]?.containerType ? ` (${entry.attribution[0].containerType})` : ''}`,
      );
  });
  observer.observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  let maxFrameGapMs = 0;
  let frames = 0;
  let running = true;
  const onFrame = (time: number) => {
    if (!running) return;
    maxFrameGapMs = Math.max(maxFrameGapMs, time - last);
    last = time;
    frames++;
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  return () => {
    running = false;
    observer.disconnect();
    maxFrameGapMs = Math.max(maxFrameGapMs, performance.now() - last);
    return { maxFrameGapMs: Math.round(maxFrameGapMs * 10) / 10, frames, longTasks };
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(value * 100) / 100;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
  return Math.round(value * 100) / 100;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const sandboxTest = {
  async start(options: { graceMs?: number; poolSize?: number; lingerLimitMs?: number } = {}): Promise<void> {
    const { lingerLimitMs, ...hostOptions } = options;
    if (lingerLimitMs !== undefined) state.executor = new ToolExecutor({ timeoutMs: 5_000, lingerLimitMs });
    state.executor.on((event) => {
      if (event.type === 'attempt-killed') state.kills.push({ toolName: event.name, at: performance.now() });
      if (event.type === 'attempt-late-settle')
        state.afterwards.push({ toolName: event.name, event: event.outcome, detail: event.errorMessage });
      if (event.type === 'tool-call-log') state.afterwards.push({ toolName: event.name, event: 'log', detail: event.entry.message });
    });
    state.host = await SandboxHost.create({ fetchAllowlist: () => state.allowlist, ...hostOptions });
    document.getElementById('status')!.textContent = 'ready';
  },

  setAllowlist(origins: string[]): void {
    state.allowlist = origins;
  },

  async addTool(options: SandboxedToolOptions) {
    const created = await createSandboxedTool(host(), options);
    if (!created.ok) return { ok: false as const, errors: created.errors };
    state.tools.set(options.name, created.tool);
    state.executor.register(created.tool);
    return { ok: true as const };
  },

  async call(name: string, args: unknown, options: { stopAfterMs?: number } = {}): Promise<CallSummary> {
    const stop = new AbortController();
    if (options.stopAfterMs !== undefined) setTimeout(() => stop.abort(new Error('Stopped by the user')), options.stopAfterMs);
    const finishWatching = watchFrames();
    const started = performance.now();
    const result = await state.executor.execute({ name, arguments: args }, { signal: stop.signal });
    const elapsedMs = Math.round(performance.now() - started);
    return {
      status: result.status,
      errorKind: errorOf(result)?.kind,
      errorMessage: errorOf(result)?.message,
      errorLocation: errorOf(result)?.location,
      result: modelFacingPayload(result),
      logs: result.logs.map((entry) => entry.message),
      attempts: result.attempts,
      elapsedMs,
      ...finishWatching(),
    };
  },

  /** A Python tool (its definition read from the function); its name is the function's. */
  async addPythonTool(
    source: string,
    options: { timeoutMs?: number; timeoutStrategy?: TimeoutStrategy; killGraceMs?: number; retry?: Partial<RetryPolicy> } = {},
  ) {
    const started = performance.now();
    const frames = watchFrames();
    const created = await createSandboxedPythonTool(host(), { source });
    // As the app does: the tool shows valid once its definition is read and a worker with its module waits.
    if (created.ok) await created.tool.ready();
    const compileMs = Math.round(performance.now() - started);
    const { maxFrameGapMs, longTasks } = frames();
    if (!created.ok) return { ok: false as const, errors: created.errors, kind: created.kind };
    const tool = created.tool;
    state.pythonTools.set(tool.name, tool);
    state.executor.register({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      validate: (args) => tool.validate(args),
      execute: (input, ctx) => tool.execute(input, ctx),
      idempotent: tool.idempotent,
      killable: true,
      ...options,
    });
    return { ok: true as const, definition: tool.definition, compileMs, maxFrameGapMs, longTasks };
  },

  /** When the executor killed attempts of `toolName` (page time), and the page's clock now. */
  kills: (toolName: string) => ({
    kills: state.kills.filter((kill) => kill.toolName === toolName).map((kill) => kill.at),
    now: performance.now(),
  }),

  /** Resolves once `calls` workers with the Python tool's module are waiting, as a batch of that many needs. */
  pythonReady: (name: string, calls: number) => state.pythonTools.get(name)?.ready(calls),

  /** How long until `calls` spares of the Python tool wait, and the page's longest frame gap meanwhile. */
  async pythonReadyFigure(name: string, calls: number) {
    const started = performance.now();
    const frames = watchFrames();
    await state.pythonTools.get(name)?.ready(calls);
    return { ms: Math.round(performance.now() - started), ...frames() };
  },

  /** The page's longest frame gap while nothing is asked of it for `ms`: the baseline of the gaps above. */
  async idleFrameGap(ms: number) {
    const frames = watchFrames();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return frames();
  },

  /** The late settles and log lines of `toolName`'s calls, in order (logs of running calls included). */
  afterwards: (toolName: string) =>
    state.afterwards.filter((entry) => entry.toolName === toolName).map(({ event, detail }) => ({ event, detail })),

  /**
   * Whole executor calls of a Python tool 400 ms apart, without waiting for its spare: faster than the
   * pool boots interpreters (one per call), so it runs dry and calls wait for a boot. Failures (a
   * deadline passed while waiting) are counted, not thrown: they are the figure.
   */
  async pythonBackToBackFigures(toolName: string, args: unknown, samples = 10) {
    const call: number[] = [];
    const failures: string[] = [];
    for (let index = 0; index < samples; index++) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      call.push(
        await timed(async () => {
          const result = await state.executor.execute({ name: toolName, arguments: args });
          if (result.status !== 'success') failures.push(errorOf(result)?.message ?? result.status);
        }),
      );
    }
    return { samples, callMedianMs: median(call), callP95Ms: percentile(call, 0.95), failures };
  },

  /**
   * Warm calls of a Python tool and of a TypeScript tool, alternating so both see the same load. Before
   * each Python call the tool's spare (Python booted, module run) is waited for, as the app shows a
   * Python tool ready only once one is; before each TypeScript call, the same 500 ms pause as figures().
   */
  async warmCallFigures(python: { name: string; args: unknown }, typescript: { name: string; args: unknown }, samples = 20) {
    const pythonCalls: number[] = [];
    const typescriptCalls: number[] = [];
    const once = async (name: string, args: unknown) =>
      timed(async () => {
        const result = await state.executor.execute({ name, arguments: args });
        if (result.status !== 'success') throw new Error(result.error?.message);
      });
    for (let index = 0; index < samples; index++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await state.pythonTools.get(python.name)?.ready();
      pythonCalls.push(await once(python.name, python.args));
      await new Promise((resolve) => setTimeout(resolve, 500));
      typescriptCalls.push(await once(typescript.name, typescript.args));
    }
    const summary = (values: number[]) => ({ medianMs: median(values), p95Ms: percentile(values, 0.95) });
    return { samples, python: summary(pythonCalls), typescript: summary(typescriptCalls) };
  },

  /** Adds several tools at once, as the app does at start-up: their compiles share batches. */
  async addTools(tools: SandboxedToolOptions[]) {
    return Promise.all(tools.map((options) => sandboxTest.addTool(options)));
  },

  /** One executor batch; each result's status, error and value. */
  async callBatch(calls: { name: string; args: unknown }[]) {
    const results = await state.executor.executeBatch(calls.map((call) => ({ name: call.name, arguments: call.args })));
    return results.map((result) => ({
      status: result.status,
      errorMessage: errorOf(result)?.message,
      errorLocation: errorOf(result)?.location,
      result: modelFacingPayload(result),
      logs: result.logs.map((entry) => entry.message),
    }));
  },

  pythonFanOut,
  compileSchema: (source: string) => host().compileSchema(source),
  updateSchema: (name: string, source: string) => tool(name).updateSchema(source),
  parameters: (name: string) => tool(name).parameters,
  validate: (name: string, args: unknown) => tool(name).validate(args, new AbortController().signal),
  rebuilds: () => host().rebuilds,
  stats: () => ({ ...host().stats }),

  /**
   * Medians over `samples` runs of each, one kind at a time so they do not compete for the CPU:
   * transpile; cold start = transpile + new worker + module loaded; call = a whole executor call
   * (validate + execute in the tool's spare worker), with a 500 ms pause before each so the
   * spare is ready, as between a model's turns; warm round trip = one validate of the tool (on the host
   * when its schema is plain, docs/adr/0031; a round trip to its schema worker otherwise).
   */
  async figures(samples = 50, toolName = 'echo'): Promise<Figures> {
    const codeSource = tool(toolName).codeSource;
    const sourceFor = (index: number) => `${codeSource}\n// sample ${index}\n`;
    const transpile: number[] = [];
    const cold: number[] = [];
    const call: number[] = [];
    const warm: number[] = [];
    for (let index = 0; index < samples; index++) transpile.push(await timed(async () => transpileUserSource(sourceFor(index))));
    for (let index = 0; index < samples; index++) {
      cold.push(
        await timed(async () => {
          const checked = await host().checkCode(sourceFor(index));
          if (!checked.ok) throw new Error(checked.errors[0]?.message);
        }),
      );
    }
    for (let index = 0; index < samples; index++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      call.push(
        await timed(async () => {
          const result = await state.executor.execute({ name: toolName, arguments: { text: `sample ${index}` } });
          if (result.status !== 'success') throw new Error(result.error?.message);
        }),
      );
    }
    for (let index = 0; index < samples; index++)
      warm.push(await timed(async () => tool(toolName).validate({ text: 'warm' }, new AbortController().signal)));
    return {
      samples,
      transpileMedianMs: median(transpile),
      coldStartMedianMs: median(cold),
      callMedianMs: median(call),
      callP95Ms: percentile(call, 0.95),
      warmRoundTripMedianMs: median(warm),
    };
  },

  /**
   * `calls` calls of `toolName` in one batch at that concurrency limit. The tool must return
   * `{ at: performance.timeOrigin + performance.now() }` from its first line, so the spread of `at`
   * is how far apart user code really started (a cold worker start staggers them).
   */
  async fanOut(toolName: string, calls = 10): Promise<FanOutFigure> {
    const started = performance.now();
    const results = await state.executor.executeBatch(
      Array.from({ length: calls }, (_, index) => ({ name: toolName, arguments: { text: `fan-out ${index}` } })),
      { concurrency: calls },
    );
    const batchMs = performance.now() - started;
    const starts = results.map((result) => {
      if (result.status !== 'success') throw new Error(result.error?.message);
      return (result.result as { at: number }).at;
    });
    return { startSpreadMs: Math.round((Math.max(...starts) - Math.min(...starts)) * 10) / 10, batchMs: Math.round(batchMs * 10) / 10 };
  },
};

/**
 * One batch of `calls` calls of a Python tool at concurrency `limit`, as a model's fan-out is run. The
 * tool returns `{"at": time.time() * 1000}` from its first line (the wall clock the host's Date.now()
 * reads too), so how long the first `limit` calls took to start is measured where Python ran them.
 */
async function pythonFanOut(toolName: string, calls: number, limit: number) {
  const started = Date.now();
  const results = await state.executor.executeBatch(
    Array.from({ length: calls }, (_, index) => ({ name: toolName, arguments: { text: `fan-out ${index}` } })),
    { concurrency: limit },
  );
  const batchMs = Date.now() - started;
  const failures = results.filter((result) => result.status !== 'success').map((result) => errorOf(result)?.message ?? result.status);
  const starts = results
    .filter((result) => result.status === 'success')
    .map((result) => (result.result as { at: number }).at - started)
    .sort((a, b) => a - b);
  const round = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 10) / 10);
  return { firstStartsMs: round(starts[limit - 1]), lastStartMs: round(starts.at(-1)), batchMs, failures };
}

declare global {
  interface Window {
    sandboxTest: typeof sandboxTest;
  }
}

window.sandboxTest = sandboxTest;
