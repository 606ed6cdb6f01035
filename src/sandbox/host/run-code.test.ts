import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolUnavailableError, TransientError, VirtualClock, type ToolContext } from '../../core/index.ts';
import { createSandboxedTool, type SandboxedTool } from './sandboxed-tool.ts';
import { inProcessHost, tick, type InProcessHost, type InProcessHostOptions } from './in-process-host.test-support.ts';
import { SandboxedToolError } from './worker-errors.ts';

const schema = "import { z } from 'zod';\nexport default z.object({}).passthrough();\n";

afterEach(() => vi.unstubAllGlobals());

async function toolWithCode(code: string, options: InProcessHostOptions = {}): Promise<InProcessHost & { tool: SandboxedTool }> {
  const fake = inProcessHost(options);
  const created = await createSandboxedTool(fake.host, { name: 'probe', description: 'test', schemaSource: schema, codeSource: code });
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  return { ...fake, tool: created.tool };
}

function context(overrides: Partial<ToolContext> = {}): ToolContext & { logs: unknown[][]; sleeps: number[] } {
  const logs: unknown[][] = [];
  const sleeps: number[] = [];
  return {
    toolCallId: 'call_1',
    attempt: 2,
    signal: new AbortController().signal,
    userId: 'u1',
    env: { REGION: 'eu' },
    idempotencyKey: 'probe:call_1',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: (...values) => logs.push(values),
    logs,
    sleeps,
    ...overrides,
  };
}

describe('runCode (through SandboxedTool.execute)', () => {
  it('runs the code with the input and the call context, and stops the worker afterwards', async () => {
    const { tool, workers, busy } = await toolWithCode(
      'export default async function execute(input, ctx) {\n  return { input, id: ctx.toolCallId, attempt: ctx.attempt, user: ctx.userId, env: ctx.env, key: ctx.idempotencyKey };\n}\n',
    );
    const pending = tool.execute({ city: 'Oslo' }, context());
    expect(busy()).toBe(1);
    expect(await pending).toEqual({
      input: { city: 'Oslo' },
      id: 'call_1',
      attempt: 2,
      user: 'u1',
      env: { REGION: 'eu' },
      key: 'probe:call_1',
    });
    const code = workers.filter((worker) => worker.role === 'code');
    // A warm worker loaded the module for the call and was stopped with it; a spare is ready for the next.
    expect(code.map((worker) => worker.terminated)).toEqual([true, false]);
    tool.dispose();
  });

  it('serves logs (with the level for warnings), sleeps through ctx.sleep, and says when the result was changed', async () => {
    const { tool } = await toolWithCode(
      "export default async function execute(input, ctx) {\n  ctx.log('start', 1);\n  await ctx.sleep(250);\n  return { when: 10n, ratio: NaN };\n}\n",
    );
    const ctx = context();
    expect(await tool.execute({}, ctx)).toEqual({ when: '10n', ratio: 'NaN' });
    expect(ctx.sleeps).toEqual([250]);
    expect(ctx.logs).toEqual([
      ['start', 1],
      [
        'The result was changed to fit in JSON: BigInt values were written as strings ending in "n"; NaN and Infinity were written as strings',
      ],
    ]);
    tool.dispose();
  });

  it("lets the worker time its own sleeps when the executor's clock is the wall clock (ctx.realTime)", async () => {
    const { tool } = await toolWithCode(
      'export default async function execute(input, ctx) {\n  await ctx.sleep(5);\n  return "slept";\n}\n',
    );
    const onWallClock = context({ realTime: true });
    expect(await tool.execute({}, onWallClock)).toBe('slept');
    expect(onWallClock.sleeps).toEqual([]);
    const slowMotion = context({ realTime: false });
    expect(await tool.execute({}, slowMotion)).toBe('slept');
    expect(slowMotion.sleeps).toEqual([5]);
    tool.dispose();
  });

  it('shows the level of warnings and errors in the log, not of log and info (console in the worker)', async () => {
    // Played by hand: the in-process harness does not take over this process's console.
    const { tool } = await toolWithCode('export default async function execute() {\n  return 1;\n}\n', {
      manual: (worker) => {
        if (worker.role !== 'code') return false;
        worker.port.addEventListener('message', (event: MessageEvent<{ type: string; requestId: number }>) => {
          if (event.data.type === 'load-module') worker.port.postMessage({ type: 'module-loaded', requestId: event.data.requestId });
          if (event.data.type !== 'execute') return;
          for (const level of ['log', 'info', 'warn', 'error', 'debug']) worker.port.postMessage({ type: 'log', level, values: [level] });
          worker.port.postMessage({ type: 'executed', value: 'done', notes: [] });
        });
        worker.port.start();
        return true;
      },
    });
    const ctx = context();
    expect(await tool.execute({}, ctx)).toBe('done');
    expect(ctx.logs).toEqual([['log'], ['info'], ['[warn]', 'warn'], ['[error]', 'error'], ['[debug]', 'debug']]);
    tool.dispose();
  });

  it('passes a failed sleep back into the code as an abort', async () => {
    const { tool } = await toolWithCode(
      "export default async function execute(input, ctx) {\n  try { await ctx.sleep(10); } catch (error) { return `${error.name}: ${error.message}`; }\n  return 'slept';\n}\n",
    );
    const result = await tool.execute({}, context({ sleep: () => Promise.reject(new Error('clock stopped')) }));
    expect(result).toBe('AbortError: Error: clock stopped');
    tool.dispose();
  });

  it('rebuilds a thrown TransientError as the core class, and other errors with their position', async () => {
    const { tool } = await toolWithCode(
      "import { TransientError } from 'toolscope';\nexport default async function execute(input) {\n  if (input.kind === 'transient') throw new TransientError('busy', { retryAfterMs: 200 });\n  throw new RangeError('bad ' + input.kind);\n}\n",
    );
    const transient = await tool.execute({ kind: 'transient' }, context()).catch((error: unknown) => error);
    expect(transient).toBeInstanceOf(TransientError);
    expect((transient as TransientError).retryAfterMs).toBe(200);
    const other = await tool.execute({ kind: 'value' }, context()).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(SandboxedToolError);
    expect((other as Error).message).toMatch(/^RangeError: bad value/);
    tool.dispose();
  });

  it('fetches through the host, which refuses origins outside the allowlist', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const { tool } = await toolWithCode(
      'export default async function execute(input, ctx) {\n  try {\n    const response = await ctx.fetch(input.url);\n    return { status: response.status, body: await response.json() };\n  } catch (error) { return error.message; }\n}\n',
      { fetchAllowlist: ['https://api.example.com'] },
    );
    expect(await tool.execute({ url: 'https://api.example.com/v1' }, context())).toEqual({ status: 200, body: { ok: true } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await tool.execute({ url: 'https://evil.example/' }, context())).toMatch(/evil\.example/);
    expect(fetch).toHaveBeenCalledTimes(1);
    tool.dispose();
  });

  it('refuses more than 16 fetches in flight at once, and frees a slot when one ends', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached = 0;
    vi.stubGlobal('fetch', async () => {
      reached++;
      await gate;
      return new Response('done');
    });
    const { tool } = await toolWithCode(
      "export default async function execute(input, ctx) {\n  const results = await Promise.allSettled(Array.from({ length: 18 }, () => ctx.fetch('https://api.example.com/')));\n  const after = await ctx.fetch('https://api.example.com/').then(() => 'ok', (error) => error.message);\n  return { refused: results.filter((result) => result.status === 'rejected').map((result) => result.reason.message), after };\n}\n",
      { fetchAllowlist: ['https://api.example.com'] },
    );
    const pending = tool.execute({}, context());
    // Released once 16 are in flight (not after a fixed 30 ms: a loaded machine had not started the worker by
    // then). The 17th and 18th were posted in the same burst, right behind them.
    await vi.waitFor(() => expect(reached).toBe(16), { timeout: 10_000 });
    await tick(30);
    release();
    const result = (await pending) as { refused: string[]; after: string };
    expect(result.refused).toEqual([
      'fetch refused: at most 16 requests may be in flight at once',
      'fetch refused: at most 16 requests may be in flight at once',
    ]);
    expect(result.after).toBe('ok');
    tool.dispose();
  });

  it('kills the worker at once when the call is aborted, and rejects with the abort reason', async () => {
    const { tool, workers } = await toolWithCode(
      'export default async function execute(input, ctx) {\n  await ctx.sleep(60_000);\n  return "late";\n}\n',
    );
    const controller = new AbortController();
    const reason = new DOMException('Tool "probe" timed out', 'TimeoutError');
    const pending = tool.execute({}, context({ signal: controller.signal, sleep: () => new Promise(() => undefined) }));
    await tick(20);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(workers.filter((worker) => worker.role === 'code')[0]?.terminated).toBe(true);
    await expect(tool.execute({}, context({ signal: controller.signal }))).rejects.toBe(reason);
    tool.dispose();
  });

  it('passes an abort on to code that can still be killed apart: a cooperative tool stops and answers', async () => {
    const { tool } = await toolWithCode(
      // An abort that comes before the code listens (a slow worker start on a busy machine) still counts.
      'export default async function execute(input, ctx) {\n  ctx.log("running");\n  return new Promise((resolve) => {\n    const stop = () => resolve(`stopped: ${ctx.signal.reason.message}`);\n    if (ctx.signal.aborted) stop();\n    else ctx.signal.addEventListener("abort", stop);\n  });\n}\n',
    );
    const reasons: [unknown, string][] = [
      [new Error('Tool "probe" timed out'), 'Tool "probe" timed out'],
      ['user pressed stop', 'user pressed stop'],
      [42, 'The call was aborted'],
    ];
    for (const [reason, message] of reasons) {
      const controller = new AbortController();
      const ctx = context({ signal: controller.signal, killSignal: new AbortController().signal });
      const pending = tool.execute({}, ctx);
      // Aborted once the code runs: before that, the call ends with the abort without reaching the code (a
      // fixed 20 ms wait lost that race once under a mutation run's load).
      await vi.waitFor(() => expect(ctx.logs).toEqual([['running']]), { timeout: 5_000, interval: 2 });
      controller.abort(reason);
      expect(await pending).toBe(`stopped: ${message}`);
    }
    tool.dispose();
  });

  it('keeps waiting for code that ignores the abort until the kill, which stops its worker', async () => {
    const { tool, workers } = await toolWithCode(
      'export default async function execute(input, ctx) {\n  ctx.log("running");\n  return new Promise(() => {});\n}\n',
    );
    const controller = new AbortController();
    const kill = new AbortController();
    let settled = false;
    const ctx = context({ signal: controller.signal, killSignal: kill.signal });
    const pending = tool.execute({}, ctx);
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Aborted once the code runs (an abort before that ends the call without reaching the code).
    await vi.waitFor(() => expect(ctx.logs).toEqual([['running']]), { timeout: 5_000, interval: 2 });
    controller.abort('stop');
    await tick(20);
    expect(settled).toBe(false);
    expect(workers.filter((worker) => worker.role === 'code')[0]?.terminated).toBe(false);
    kill.abort('forced');
    await expect(pending).rejects.toBe('stop');
    expect(workers.filter((worker) => worker.role === 'code')[0]?.terminated).toBe(true);
    tool.dispose();
  });

  it('fails as unavailable when the sandbox dies mid-call, and as a stopped tool when the worker is terminated', async () => {
    const { tool, sessions } = await toolWithCode(
      'export default async function execute(input, ctx) {\n  await ctx.sleep(1);\n  return "never";\n}\n',
    );
    const crash = tool.execute({}, context({ sleep: () => new Promise(() => undefined) }));
    await tick(20);
    sessions.find((session, index) => index > 0 && !session.end)?.fail({ kind: 'crashed', message: 'The sandbox stopped responding' });
    await expect(crash).rejects.toThrow(new ToolUnavailableError('The sandbox stopped responding'));

    const stopped = tool.execute({}, context({ sleep: () => new Promise(() => undefined) }));
    await tick(20);
    sessions.filter((session) => !session.end)[1]?.terminate();
    await expect(stopped).rejects.toThrow('The tool was stopped');
    tool.dispose();
  });

  it('reports code that cannot load for a call: unavailable when the sandbox is down, else where it failed', async () => {
    const options: InProcessHostOptions = {};
    const source =
      "if (globalThis.probeFails) throw new TypeError('cannot start');\nexport default async function execute() {\n  return 1;\n}\n";
    const { tool, sessions } = await toolWithCode(source, options);
    const globals = globalThis as { probeFails?: boolean };
    // The spare from the check serves the first call; after that every call needs a new worker.
    expect(await tool.execute({}, context())).toBe(1);
    for (const session of sessions) if (!session.end && session.workerId !== 'w1') session.terminate();
    globals.probeFails = true;
    try {
      await expect(tool.execute({}, context())).rejects.toThrow(/^The tool's code failed to load: TypeError: cannot start/);
    } finally {
      delete globals.probeFails;
    }
    options.startError = new Error('The sandbox was shut down');
    await expect(tool.execute({}, context())).rejects.toThrow(new ToolUnavailableError('The sandbox was shut down'));
    tool.dispose();
  });
});

describe('runCode: the simulated downstream (ctx.fetch to https://downstream.invalid)', () => {
  const fetchOnce =
    "export default async function execute(input, ctx) {\n  const response = await ctx.fetch('https://downstream.invalid/inventory/items/' + input.sku, { headers: { 'x-simulated-capacity': '1' } });\n  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };\n}\n";

  it('answers through the host without the allowlist, on the call clock, and 429 with Retry-After when over capacity', async () => {
    const { tool, host } = await toolWithCode(fetchOnce);
    const clock = new VirtualClock();
    const sleep = (ms: number) => clock.sleep(ms);
    const first = tool.execute({ sku: 'A-1' }, context({ sleep }));
    // The second starts once the first holds the downstream's one slot (its worker may be ready sooner).
    await vi.waitFor(() => expect(host.downstreams.inFlightOf('inventory')).toBe(1));
    const second = tool.execute({ sku: 'A-2' }, context({ sleep }));
    await tick(20);
    await clock.advance(20);
    expect(await second).toMatchObject({ status: 429, retryAfter: '1', body: { in_flight: 1 } });
    await clock.advance(200);
    expect(await first).toMatchObject({
      status: 200,
      retryAfter: null,
      body: { path: '/inventory/items/A-1', in_flight: 1, latency_ms: 200 },
    });
    expect(host.downstreams.inFlightOf('inventory')).toBe(0);
    tool.dispose();
  });

  it('frees the slot when the worker is killed, though the code ignores its signal', async () => {
    const { tool, host, workers } = await toolWithCode(fetchOnce);
    const clock = new VirtualClock();
    const kill = new AbortController();
    // A call under "race only": its signal never aborts; only the kill stops the work.
    const pending = tool.execute({ sku: 'A-1' }, context({ sleep: (ms) => clock.sleep(ms), killSignal: kill.signal }));
    await vi.waitFor(() => expect(host.downstreams.inFlightOf('inventory')).toBe(1));
    kill.abort(new Error('killed after the grace period'));
    await expect(pending).rejects.toThrow('killed after the grace period');
    expect(workers.filter((worker) => worker.role === 'code')[0]?.terminated).toBe(true);
    await vi.waitFor(() => expect(host.downstreams.inFlightOf('inventory')).toBe(0));
    expect(clock.pendingTimers).toBe(1);
    tool.dispose();
  });

  it('frees the slot when the call times out and its signal aborts the request', async () => {
    const { tool, host } = await toolWithCode(fetchOnce);
    const clock = new VirtualClock();
    const controller = new AbortController();
    const pending = tool.execute({ sku: 'A-1' }, context({ signal: controller.signal, sleep: (ms) => clock.sleep(ms, controller.signal) }));
    await vi.waitFor(() => expect(host.downstreams.inFlightOf('inventory')).toBe(1));
    controller.abort(new DOMException('Tool "probe" timed out', 'TimeoutError'));
    await expect(pending).rejects.toThrow('timed out');
    expect(host.downstreams.inFlightOf('inventory')).toBe(0);
    tool.dispose();
  });
});
