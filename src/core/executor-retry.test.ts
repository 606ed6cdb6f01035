import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { PermanentError, TransientError } from './errors.ts';
import { ToolExecutor } from './executor.ts';
import { harness } from './executor-harness.test-support.ts';
import { VirtualClock } from './virtual-clock.ts';
import type { RetryPolicy } from './retry-policy.ts';
import type { Tool } from './tool.ts';
import { errorOf } from './results.ts';

/** Fails with `failures[n]` on attempt n+1, then succeeds. */
function scripted(
  name: string,
  failures: unknown[],
  options: { idempotent?: boolean; retry?: Partial<RetryPolicy> } = { idempotent: true },
): { tool: Tool; keys: string[] } {
  const keys: string[] = [];
  const tool = defineTool({
    name,
    description: '',
    schema: z.object({}),
    ...options,
    execute: (_input, ctx) => {
      keys.push(ctx.idempotencyKey);
      const failure = failures[ctx.attempt - 1];
      if (failure !== undefined) throw failure;
      return `ok on attempt ${ctx.attempt}`;
    },
  }) as Tool;
  return { tool, keys };
}

const httpError = (status: number, headers?: Record<string, string>): Error =>
  Object.assign(new Error(`HTTP ${status}`), { status, headers });

describe('rule 6: retries', () => {
  it('retries an idempotent tool after transient failures with exponential backoff and equal jitter', async () => {
    const { tool, keys } = scripted('flaky', [new TransientError('busy'), httpError(503)]);
    const { clock, executor, events } = harness({}, [tool]);
    const result = await clock.run(executor.execute({ id: 'c', name: 'flaky', arguments: {} }));
    expect(result).toMatchObject({ status: 'success', result: 'ok on attempt 3', attempts: 3, durationMs: 750 + 1500 });
    // random() is 0.5: delay = d/2 + 0.5 * d/2 with d = 1000, then 2000.
    const retries = events.filter((event) => event.type === 'retry-scheduled');
    expect(retries).toMatchObject([
      { attempt: 1, delayMs: 750, reason: 'TransientError', time: 0 },
      { attempt: 2, delayMs: 1500, reason: 'status 503', time: 750 },
    ]);
    expect(result.attemptsDetail).toMatchObject([
      {
        attempt: 1,
        outcome: 'execution_error',
        retryDelayMs: 750,
        retryReason: 'TransientError',
        error: { message: 'busy', retryable: true },
      },
      { attempt: 2, outcome: 'execution_error', retryDelayMs: 1500, retryReason: 'status 503', startedAt: 750 },
      { attempt: 3, outcome: 'success', startedAt: 2250 },
    ]);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe('flaky:c');
    expect(executor.getMetrics().tools.flaky?.retries).toBe(2);
  });

  it('never retries a tool that is not declared idempotent', async () => {
    const { tool, keys } = scripted('charge', [new TransientError('busy')], {});
    const { clock, executor } = harness({}, [tool]);
    const result = await clock.run(executor.execute({ name: 'charge', arguments: {} }));
    expect(result).toMatchObject({ attempts: 1, error: { kind: 'execution_error', retryable: true } });
    expect(keys).toHaveLength(1);
  });

  it.each([
    ['PermanentError', new PermanentError('denied')],
    ['a 404', httpError(404)],
    ['a 400', httpError(400)],
    ['an unknown error', new Error('bug')],
    ['retryable: false', Object.assign(new Error('no'), { retryable: false, status: 503 })],
  ])('does not retry %s', async (_label, failure) => {
    const { tool } = scripted('tool', [failure]);
    const { clock, executor } = harness({}, [tool]);
    const result = await clock.run(executor.execute({ name: 'tool', arguments: {} }));
    expect(result.attempts).toBe(1);
    expect(errorOf(result)?.retryable).toBe(false);
  });

  it('retries timeouts and stops at maxAttempts, returning the last error', async () => {
    let attempts = 0;
    const tool = defineTool({
      name: 'slow',
      description: '',
      schema: z.object({}),
      idempotent: true,
      timeoutMs: 100,
      retry: { maxAttempts: 4, baseDelayMs: 10 },
      execute: async (_input, ctx) => {
        attempts++;
        await ctx.sleep(1000);
      },
    });
    const { clock, executor } = harness({}, [tool as Tool]);
    const result = await clock.run(executor.execute({ name: 'slow', arguments: {} }));
    expect(attempts).toBe(4);
    expect(result).toMatchObject({ attempts: 4, error: { kind: 'timeout' } });
    expect(result.attemptsDetail.map((detail) => detail.retryDelayMs)).toEqual([8, 15, 30, undefined]);
  });

  it('honours the executor retry policy, overridden by the tool', async () => {
    const { tool } = scripted('flaky', [httpError(429), httpError(429), httpError(429)], { idempotent: true, retry: { maxAttempts: 2 } });
    const { clock, executor } = harness({ retry: { maxAttempts: 5, baseDelayMs: 1 } }, [tool]);
    const result = await clock.run(executor.execute({ name: 'flaky', arguments: {} }));
    expect(result.attempts).toBe(2);
  });

  it.each([
    ['retryAfterMs on the error', new TransientError('slow down', { retryAfterMs: 4200 }), 4200],
    ['a retry-after-ms header', httpError(429, { 'retry-after-ms': '1234' }), 1234],
    ['a retry-after header in seconds', httpError(503, { 'Retry-After': '7' }), 7000],
  ])('lets %s set the delay', async (_label, failure, delayMs) => {
    const { tool } = scripted('limited', [failure]);
    const { clock, executor, events } = harness({}, [tool]);
    const result = await clock.run(executor.execute({ name: 'limited', arguments: {} }));
    expect(result).toMatchObject({ status: 'success', durationMs: delayMs });
    expect(events.find((event) => event.type === 'retry-scheduled')).toMatchObject({ delayMs, retryAfterMs: delayMs });
    expect(result.attemptsDetail[0]).toMatchObject({ retryAfterMs: delayMs });
  });

  it('understands an HTTP-date retry-after relative to the clock', async () => {
    const { tool } = scripted('limited', [httpError(503, { 'retry-after': 'Sun, 01 Jun 2025 12:00:05 GMT' })]);
    const clock = new VirtualClock(Date.parse('2025-06-01T12:00:00Z'));
    const executor = new ToolExecutor({ clock, random: () => 0.5 }).register(tool);
    const result = await clock.run(executor.execute({ name: 'limited', arguments: {} }));
    expect(result.attemptsDetail[0]?.retryDelayMs).toBe(5000);
  });

  it('ignores a retry-after beyond 60 s and falls back to backoff', async () => {
    const { tool } = scripted('limited', [httpError(503, { 'retry-after': '120' })]);
    const { clock, executor } = harness({}, [tool]);
    const result = await clock.run(executor.execute({ name: 'limited', arguments: {} }));
    expect(result.attemptsDetail[0]).toMatchObject({ retryDelayMs: 750 });
    expect(result.attemptsDetail[0]?.retryAfterMs).toBeUndefined();
  });
});
