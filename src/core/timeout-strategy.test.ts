import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { harness } from './executor-harness.test-support.ts';
import type { TimeoutStrategy } from './timeout-strategy.ts';
import type { ExecutorEvent } from './event-types.ts';
import type { Tool } from './tool.ts';
import type { ToolContext } from './tool-context.ts';
import { errorOf } from './results.ts';
import { modelFacingPayload } from './format-for-model.ts';

// The three timeout strategies on a virtual clock, with two tools that would each take 6 s against a
// 3 s timeout: one that stops when its signal aborts, one that ignores it (and can only be killed, as a
// sandbox worker can). Grace before the kill: 2 s.

/** A killable tool: like the sandbox, it stops when the executor kills it. */
function killable(name: string, work: (ctx: ToolContext) => Promise<string>, own: Partial<Tool> = {}): Tool {
  const tool = defineTool({
    name,
    description: '',
    schema: z.object({}),
    timeoutMs: 3_000,
    execute: (_input, ctx) =>
      new Promise<string>((resolve, reject) => {
        ctx.killSignal?.addEventListener('abort', () => reject(new Error('killed')), { once: true });
        work(ctx).then(resolve, reject);
      }),
  }) as Tool;
  return { ...tool, killable: true, ...own };
}

const cooperative = () => killable('cooperative', (ctx) => ctx.sleep(6_000).then(() => 'report'));
const stubborn = () => killable('stubborn', (ctx) => (ctx.delay ? ctx.delay(6_000) : Promise.resolve()).then(() => 'job done'));

/** What happened to each call's work after its deadline, as (name, event, time). */
function afterDeadline(events: ExecutorEvent[]) {
  return events.flatMap((event) => {
    if (event.type === 'attempt-late-settle') return [[event.name, `late ${event.outcome}`, event.time]];
    if (event.type === 'attempt-killed') return [[event.name, `killed (${event.reason})`, event.time]];
    return [];
  });
}

async function runBoth(strategy: TimeoutStrategy, extra: { lingerLimitMs?: number } = {}) {
  const { clock, executor, events } = harness({ timeoutStrategy: strategy, killGraceMs: 2_000, ...extra }, [cooperative(), stubborn()]);
  const results = await clock.run(
    executor.executeBatch([
      { id: 'c', name: 'cooperative', arguments: {} },
      { id: 's', name: 'stubborn', arguments: {} },
    ]),
  );
  return { results, events, executor };
}

describe('timeout strategies', () => {
  it('race only: both answer at 3 s, and both go on to their natural end at 6 s, results discarded', async () => {
    const { results, events } = await runBoth('race');
    expect(results.map((result) => [result.endedAt, errorOf(result)?.kind])).toEqual([
      [3_000, 'timeout'],
      [3_000, 'timeout'],
    ]);
    expect(afterDeadline(events)).toEqual([
      ['cooperative', 'late success', 6_000],
      ['stubborn', 'late success', 6_000],
    ]);
    expect(modelFacingPayload(results[0]!)).toEqual({ error: 'Tool "cooperative" timed out after 3000 ms' });
  });

  it('abort signal: the cooperative tool stops at the deadline, the stubborn one runs to 6 s; nothing is killed', async () => {
    const { events } = await runBoth('abort');
    expect(afterDeadline(events)).toEqual([
      ['cooperative', 'late error', 3_000],
      ['stubborn', 'late success', 6_000],
    ]);
  });

  it('abort, then kill: the cooperative tool stops at the deadline, the stubborn one is killed after the grace, at 5 s', async () => {
    const { events } = await runBoth('abort-then-kill');
    expect(afterDeadline(events)).toEqual([
      ['cooperative', 'late error', 3_000],
      ['stubborn', 'killed (grace-expired)', 5_000],
    ]);
  });

  it('says on attempt-start what will happen and on attempt-end that the work still runs', async () => {
    const { events } = await runBoth('abort-then-kill');
    const start = events.find((event) => event.type === 'attempt-start' && event.name === 'stubborn');
    expect(start).toMatchObject({ deadline: 3_000, timeoutStrategy: 'abort-then-kill', killAfterMs: 2_000 });
    const end = events.find((event) => event.type === 'attempt-end' && event.name === 'stubborn');
    expect(end).toMatchObject({ time: 3_000, outcome: 'timeout', workRunning: true });
  });

  it('never kills work that cannot be killed: an in-process tool settles late whatever the strategy', async () => {
    const plain = { ...stubborn(), killable: false };
    const { clock, executor, events } = harness({ timeoutStrategy: 'abort-then-kill', killGraceMs: 100 }, [plain]);
    await clock.run(executor.execute({ name: 'stubborn', arguments: {} }));
    expect(afterDeadline(events)).toEqual([['stubborn', 'late success', 6_000]]);
  });

  it('kills work no strategy kills at the linger limit, so an endless job cannot hold a worker for ever', async () => {
    const { events } = await runBoth('race', { lingerLimitMs: 1_000 });
    expect(afterDeadline(events)).toEqual([
      ['cooperative', 'killed (linger-limit)', 4_000],
      ['stubborn', 'killed (linger-limit)', 4_000],
    ]);
  });

  it('a Stop while the work lingers kills it at once', async () => {
    const { clock, executor, events } = harness({ timeoutStrategy: 'race' }, [stubborn()]);
    const controller = new AbortController();
    const pending = executor.execute({ name: 'stubborn', arguments: {} }, { signal: controller.signal });
    await clock.advance(4_200);
    expect((await pending).endedAt).toBe(3_000);
    expect(executor.lingeringWork).toBe(1);
    controller.abort(new Error('Stopped by the user'));
    await clock.runUntilIdle();
    expect(afterDeadline(events)).toEqual([['stubborn', 'killed (stopped)', 4_200]]);
    expect(executor.lingeringWork).toBe(0);
  });

  it('takes the tool strategy over the run strategy over the executor strategy', async () => {
    const own = killable('own', (ctx) => (ctx.delay ? ctx.delay(6_000) : Promise.resolve()).then(() => 'x'), { timeoutStrategy: 'race' });
    const { clock, executor, events } = harness({ timeoutStrategy: 'abort', killGraceMs: 500 }, [own, stubborn()]);
    await clock.run(
      executor.executeBatch(
        [
          { name: 'own', arguments: {} },
          { name: 'stubborn', arguments: {} },
        ],
        { timeoutStrategy: 'abort-then-kill' },
      ),
    );
    expect(afterDeadline(events)).toEqual([
      ['stubborn', 'killed (grace-expired)', 3_500],
      ['own', 'late success', 6_000],
    ]);
  });

  it('whenWorkSettled resolves once the last late settle is reported', async () => {
    const { clock, executor } = harness({ timeoutStrategy: 'race' }, [stubborn()]);
    const result = executor.execute({ name: 'stubborn', arguments: {} });
    await clock.advance(3_000);
    await result;
    let settledAt: number | undefined;
    void executor.whenWorkSettled().then(() => (settledAt = clock.now()));
    await clock.runUntilIdle();
    expect(settledAt).toBe(6_000);
  });
});
