import { describe, expect, it, vi } from 'vitest';
import { ToolUnavailableError, type ToolContext } from '../../core/index.ts';
import type { TranspiledModule } from '../transpile.ts';
import type { CodeWorkers } from './code-workers.ts';
import type { LoadedWorker } from './loaded-worker.ts';
import { runCode } from './run-code.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { createSandboxedTool, type SandboxedTool } from './sandboxed-tool.ts';
import { inProcessHost, tick, type InProcessHost, type InProcessHostOptions } from './in-process-host.test-support.ts';
import { LocatedError } from './worker-errors.ts';

// Issue 20: runCode at its edges (found by mutation testing of run-code.ts): a worker that cannot be
// had or loaded, the kill taking effect at once, listeners left on the call's signals, and timers of
// the code (setTimeout in the worker) served on the call's clock.

const schema = "import { z } from 'zod';\nexport default z.object({}).passthrough();\n";

function context(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    toolCallId: 'call_1',
    attempt: 1,
    userId: undefined,
    idempotencyKey: 'probe:call_1',
    signal: new AbortController().signal,
    env: {},
    sleep: async () => undefined,
    log: () => undefined,
    ...overrides,
  };
}

/** runCode with a stand-in for the tool's workers: `take` answers what the test says. */
function runWith(take: () => Promise<LoadedWorker>) {
  const release = vi.fn();
  const workers = { take, release } as unknown as CodeWorkers;
  const host = { whileBusy: (work: () => Promise<unknown>) => work() } as unknown as SandboxHost;
  const run = runCode(host, workers, {} as TranspiledModule, {}, context());
  return { run, release };
}

async function toolWithCode(code: string, options: InProcessHostOptions = {}): Promise<InProcessHost & { tool: SandboxedTool }> {
  const fake = inProcessHost(options);
  const created = await createSandboxedTool(fake.host, { name: 'probe', description: 'test', schemaSource: schema, codeSource: code });
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  return { ...fake, tool: created.tool };
}

describe('runCode without a worker', () => {
  it('gives the worker back without preparing spares when none could be had, and fails with the reason', async () => {
    const failure = new Error('no worker for you');
    const { run, release } = runWith(() => Promise.reject(failure));
    await expect(run).rejects.toBe(failure);
    expect(release.mock.calls).toEqual([[{ prepareSpares: false }]]);
  });

  it('says where the code failed to load, and prepares no spares that would fail the same way', async () => {
    const { run, release } = runWith(async () => ({
      ok: false,
      errors: [{ line: 3, column: 7, message: 'ReferenceError: x' }],
      kind: 'source',
    }));
    const error = await run.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LocatedError);
    expect(error).toMatchObject({ message: "The tool's code failed to load: ReferenceError: x", sourceLocation: { line: 3, column: 7 } });
    expect(release.mock.calls).toEqual([[{ prepareSpares: false }]]);
  });

  it('falls back to "unknown error" without a position when the load failure names no error', async () => {
    const located = await runWith(async () => ({ ok: false, errors: [], kind: 'source' })).run.catch((thrown: unknown) => thrown);
    expect(located).toBeInstanceOf(LocatedError);
    expect(located).toMatchObject({ message: "The tool's code failed to load: unknown error", sourceLocation: undefined });
    const unavailable = await runWith(async () => ({ ok: false, errors: [], kind: 'sandbox' })).run.catch((thrown: unknown) => thrown);
    expect(unavailable).toEqual(new ToolUnavailableError('unknown error'));
  });
});

describe('runCode stopping the work', () => {
  it('terminates the worker in the same tick the kill signal aborts', async () => {
    const { tool, workers } = await toolWithCode('export default async function execute() {\n  return new Promise(() => {});\n}\n');
    const kill = new AbortController();
    const pending = tool.execute({}, context({ killSignal: kill.signal }));
    await tick(20);
    const worker = workers.filter((candidate) => candidate.role === 'code')[0];
    expect(worker?.terminated).toBe(false);
    kill.abort('forced');
    expect(worker?.terminated).toBe(true);
    await expect(pending).rejects.toBe('forced');
    tool.dispose();
  });

  it('takes back every listener it put on the call signal and the kill signal', async () => {
    const { tool } = await toolWithCode(
      'export default async function execute(input, ctx) {\n  await ctx.sleep(1);\n  return "done";\n}\n',
    );
    for (const separateKill of [true, false]) {
      const signal = new AbortController().signal;
      const killSignal = separateKill ? new AbortController().signal : undefined;
      const spies = [signal, killSignal].flatMap((watched) =>
        watched ? [[vi.spyOn(watched, 'addEventListener'), vi.spyOn(watched, 'removeEventListener')] as const] : [],
      );
      expect(await tool.execute({}, context({ signal, killSignal }))).toBe('done');
      const added = spies.flatMap(([add]) => add.mock.calls.map(([type, listener]) => [type, listener]));
      const removed = spies.flatMap(([, remove]) => remove.mock.calls.map(([type, listener]) => [type, listener]));
      expect(added.length).toBeGreaterThanOrEqual(separateKill ? 2 : 1);
      expect(removed).toEqual(expect.arrayContaining(added));
    }
    tool.dispose();
  });
});

describe('runCode serving timers of the code', () => {
  /** A worker played by hand: on execute it sets one timer of `ms` and answers once the host says it fired. */
  function timerWorker(ms: number): InProcessHostOptions['manual'] {
    return (worker) => {
      if (worker.role !== 'code') return false;
      worker.port.addEventListener('message', (event: MessageEvent<{ type: string; requestId: number }>) => {
        const { type, requestId } = event.data;
        if (type === 'load-module') worker.port.postMessage({ type: 'module-loaded', requestId });
        if (type === 'execute') worker.port.postMessage({ type: 'timer', requestId: 7, milliseconds: ms });
        if (type === 'timer-done') worker.port.postMessage({ type: 'executed', value: `timer ${requestId} fired`, notes: [] });
      });
      worker.port.start();
      return true;
    };
  }

  it('waits on ctx.delay when the call has one, and answers the timer with its request id', async () => {
    const { tool } = await toolWithCode('export default async function execute() {\n  return 1;\n}\n', { manual: timerWorker(250) });
    const delays: number[] = [];
    const result = tool.execute({}, context({ delay: async (ms) => void delays.push(ms) }));
    expect(await result).toBe('timer 7 fired');
    expect(delays).toEqual([250]);
    tool.dispose();
  });

  it('waits on a timer of its own without ctx.delay', async () => {
    const { tool } = await toolWithCode('export default async function execute() {\n  return 1;\n}\n', { manual: timerWorker(30) });
    const started = performance.now();
    const result = tool.execute({}, context());
    expect(await result).toBe('timer 7 fired');
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    tool.dispose();
  });
});

describe('runCode with a context the worker would refuse', () => {
  it('runs a call whose context has no idempotency key, with the call id as its key (it hung until its deadline)', async () => {
    const { tool } = await toolWithCode('export default async function execute(input, ctx) {\n  return ctx.idempotencyKey;\n}\n');
    const { idempotencyKey: _dropped, ...withoutKey } = context();
    const ctx = { ...withoutKey, signal: new AbortController().signal } as ToolContext;
    expect(await tool.execute({}, ctx)).toBe('call_1');
    tool.dispose();
  });

  it('fails at once, saying why, when the worker refuses the call (it hung until its deadline)', async () => {
    const { tool } = await toolWithCode('export default async function execute() {\n  return 1;\n}\n');
    const failure = await tool.execute({}, context({ attempt: 0 })).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      name: 'PermanentError',
      message: expect.stringMatching(
        /^The sandbox worker refused a message from the host \(Unexpected message from the host: .*\); it was stopped$/,
      ),
    });
    tool.dispose();
  });
});
