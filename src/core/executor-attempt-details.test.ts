import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { InvalidArgumentsError, TransientError } from './errors.ts';
import { modelFacingPayload } from './format-for-model.ts';
import { harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import type { ToolContext } from './tool-context.ts';

// Issue 20: what an attempt records and reports (found by mutation testing of attempts.ts): fields that
// are absent rather than undefined, the kill grace a tool sets alone, and the kill signal a tool gets.

function tool(name: string, execute: (ctx: ToolContext) => unknown, extra: Partial<Tool> = {}): Tool {
  return { ...(defineTool({ name, description: name, schema: z.object({}), execute: (_input, ctx) => execute(ctx) }) as Tool), ...extra };
}

describe('attempt details', () => {
  it('marks only an attempt whose work ran on past its deadline as still running', async () => {
    const hang = tool('hang', () => new Promise(() => {}), { timeoutMs: 100 });
    const quick = tool('quick', () => 'done');
    const { executor, clock } = harness({ timeoutStrategy: 'race' }, [hang, quick]);
    const [hung, done] = await clock.run(
      executor.executeBatch([
        { name: 'hang', arguments: {} },
        { name: 'quick', arguments: {} },
      ]),
    );
    expect(hung?.attemptsDetail).toMatchObject([{ outcome: 'timeout', workRunning: true }]);
    expect(Object.keys(done?.attemptsDetail[0] ?? {})).not.toContain('workRunning');
  });

  it('leaves retry-after out of a retry the service set no time for, in the detail and the event', async () => {
    let attempts = 0;
    const flaky = tool('flaky', () => (attempts++ === 0 ? Promise.reject(new TransientError('busy')) : 'ok'), { idempotent: true });
    const { executor, clock, events } = harness({}, [flaky]);
    const result = await clock.run(executor.execute({ name: 'flaky', arguments: {} }));
    expect(result).toMatchObject({ status: 'success', attempts: 2 });
    expect(result.attemptsDetail[0]).toMatchObject({ retryReason: 'TransientError' });
    expect(Object.keys(result.attemptsDetail[0] ?? {})).not.toContain('retryAfterMs');
    const scheduled = events.find((event) => event.type === 'retry-scheduled');
    expect(scheduled).toMatchObject({ attempt: 1, reason: 'TransientError' });
    expect(Object.keys(scheduled ?? {})).not.toContain('retryAfterMs');
  });

  it('shows the model the issues a tool threw as invalid arguments, and no details for other failures', async () => {
    const picky = tool('picky', () => {
      throw new InvalidArgumentsError('city unknown', [{ path: 'city', message: 'No such city' }]);
    });
    const broken = tool('broken', () => {
      throw new Error('down');
    });
    const { executor, clock } = harness({}, [picky, broken]);
    const [invalid, failed] = await clock.run(
      executor.executeBatch([
        { name: 'picky', arguments: {} },
        { name: 'broken', arguments: {} },
      ]),
    );
    expect(modelFacingPayload(invalid!)).toMatchObject({ details: [{ path: 'city', message: 'No such city' }] });
    expect(failed).toMatchObject({ status: 'error', error: { message: 'down' } });
    expect(Object.keys(failed!)).not.toContain('details');
    expect(modelFacingPayload(failed!)).toEqual({ error: 'down' });
  });
});

describe('killing', () => {
  it("announces the kill time for killable tools only, from the tool's own grace when it sets only that", async () => {
    const graceful = tool('graceful', () => 'ok', { killable: true, killGraceMs: 500 });
    const plain = tool('plain', () => 'ok');
    const { executor, clock, events } = harness({}, [graceful, plain]);
    await clock.run(executor.execute({ name: 'graceful', arguments: {} }));
    await clock.run(executor.execute({ name: 'plain', arguments: {} }));
    const starts = events.filter((event) => event.type === 'attempt-start');
    expect(starts[0]).toMatchObject({ name: 'graceful', timeoutStrategy: 'abort-then-kill', killAfterMs: 500 });
    expect(starts[1]).toMatchObject({ name: 'plain', timeoutStrategy: 'abort-then-kill' });
    expect(Object.keys(starts[1] ?? {})).not.toContain('killAfterMs');
  });

  it('gives a killable tool a kill signal and others none', async () => {
    const seen: (AbortSignal | undefined)[] = [];
    const killable = tool('killable', (ctx) => seen.push(ctx.killSignal), { killable: true });
    const plain = tool('plain', (ctx) => seen.push(ctx.killSignal));
    const { executor, clock } = harness({}, [killable, plain]);
    await clock.run(executor.execute({ name: 'killable', arguments: {} }));
    await clock.run(executor.execute({ name: 'plain', arguments: {} }));
    expect(seen[0]).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.aborted).toBe(false);
    expect(seen[1]).toBeUndefined();
  });
});
