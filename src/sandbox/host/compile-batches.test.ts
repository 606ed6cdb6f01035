import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompileBatches } from './compile-batches.ts';
import { transpileForWorker } from './module-loader.ts';
import { inProcessHost, type FakeWorker, type InProcessHostOptions } from './in-process-host.test-support.ts';

const codeSource = 'export default async function execute(input) {\n  return input;\n}\n';
const module = () => {
  const transpiled = transpileForWorker(codeSource);
  if (!transpiled.ok) throw new Error('does not transpile');
  return transpiled.module;
};

/**
 * A host whose compile workers are played by the test: each records the modules of the batch it got
 * (numbered from 1) and reports each one loaded at once, in a report of its own, unless `hold` keeps
 * that module (and those after it) for later.
 */
function playedHost(options: InProcessHostOptions & { hold?: (workerIndex: number, moduleNumber: number) => boolean } = {}) {
  const loads: number[][] = [];
  const held: (() => void)[] = [];
  const played = inProcessHost({
    ...options,
    manual: (worker: FakeWorker) => {
      const index = loads.push([]) - 1;
      worker.port.addEventListener('message', (event: MessageEvent<{ type: string; requestId: number; modules: unknown[] }>) => {
        if (event.data.type !== 'check-modules') return;
        const { requestId, modules } = event.data;
        loads[index]?.push(...modules.map((_, position) => position + 1));
        worker.port.postMessage({ type: 'modules-checked', requestId, from: 0, results: [] });
        const released = new Set<number>();
        const loadFrom = (first: number): void => {
          for (let at = first; at < modules.length; at++) {
            if (options.hold?.(index, at + 1) && !released.has(at)) {
              held.push(() => {
                released.add(at);
                loadFrom(at);
              });
              return;
            }
            worker.port.postMessage({ type: 'modules-checked', requestId, from: at, results: [{ ok: true }] });
          }
        };
        loadFrom(0);
      });
      worker.port.start();
      return true;
    },
  });
  const compiler = (played.host as unknown as { compiler: CompileBatches }).compiler;
  const check = () => compiler.check('code', codeSource, module());
  return { ...played, compiler, check, loads, held };
}

afterEach(() => vi.useRealTimers());

describe('CompileBatches', () => {
  it('gathers the checks asked for in one turn behind one timer', async () => {
    vi.useFakeTimers();
    const { check, loads } = playedHost();
    const checks = [check(), check(), check()];
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    expect((await Promise.all(checks)).map((result) => result.ok)).toEqual([true, true, true]);
    expect(loads).toEqual([[1, 2, 3]]);
  });

  it('shares checks out over the parallel workers, each batch as large as needed', async () => {
    const { check, loads, workers } = playedHost({ compileParallel: 2 });
    await Promise.all(Array.from({ length: 10 }, check));
    expect(loads).toEqual([
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4, 5],
    ]);
    expect(workers.every((worker) => worker.terminated)).toBe(true);
  });

  it('puts at least four checks in a worker, as fewer do not pay for its start', async () => {
    const { check, loads } = playedHost({ compileParallel: 3 });
    await Promise.all(Array.from({ length: 5 }, check));
    expect(loads).toEqual([[1, 2, 3, 4], [1]]);
  });

  it('starts no batch past the limit: checks that arrive while it is reached wait for a batch to end', async () => {
    const { check, loads, held } = playedHost({ hold: (workerIndex) => workerIndex === 0 });
    const first = check();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const second = check();
    // The flush timer of the second check was set first, so it has run once this one fires.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toEqual([[1]]);
    held[0]?.();
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    expect(loads).toEqual([[1], [1]]);
  });

  it('answers every check of a batch as unavailable when no compile worker starts', async () => {
    const { check } = playedHost({ startError: new Error('The sandbox was shut down') });
    const results = await Promise.all([check(), check()]);
    const unavailable = { ok: false, errors: [{ line: 1, column: 1, message: 'The sandbox was shut down' }], kind: 'sandbox' };
    expect(results).toEqual([unavailable, unavailable]);
  });

  it('checks the rest of a batch again in a new worker when a module takes its worker down', async () => {
    // The second module takes down every worker it runs in.
    const { check, loads, held, sessions } = playedHost({
      hold: (workerIndex, moduleNumber) => (workerIndex === 0 && moduleNumber === 2) || (workerIndex === 1 && moduleNumber === 1),
    });
    const results = Promise.all([check(), check(), check()]);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    sessions[0]?.fail({ kind: 'crashed', message: 'The sandbox stopped responding' });
    // The batch's verdicts came gathered, so what ran after the first is checked again with a report each.
    await vi.waitFor(() => expect(held).toHaveLength(2));
    sessions[1]?.fail({ kind: 'crashed', message: 'The sandbox stopped responding' });
    const [first, second, third] = await results;
    expect([first?.ok, third?.ok]).toEqual([true, true]);
    expect(second).toEqual({ ok: false, errors: [{ line: 1, column: 1, message: 'The sandbox stopped responding' }], kind: 'sandbox' });
    // The first had its verdict, the second was the culprit: only the third went on to a third worker.
    expect(loads).toEqual([[1, 2, 3], [1, 2], [1]]);
  });

  it("says a schema that cannot be described is the source's fault, not the sandbox's", async () => {
    const { host } = inProcessHost();
    const compiler = (host as unknown as { compiler: CompileBatches }).compiler;
    const source = "import { z } from 'zod';\nexport default z.string();\n";
    const transpiled = transpileForWorker(source);
    if (!transpiled.ok) throw new Error('does not transpile');
    const checked = await compiler.check('schema', source, transpiled.module);
    expect(checked).toMatchObject({
      ok: false,
      kind: 'source',
      errors: [{ line: 2, message: expect.stringMatching(/must describe an object/) }],
    });
  });
});
