import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { TransientError } from './errors.ts';
import { ToolExecutor } from './executor.ts';
import { resolveRetryPolicy } from './retry-policy.ts';
import type { ExecutorEvent } from './event-types.ts';
import type { Tool } from './tool.ts';
import type { ToolCallResult } from './tool-result.ts';
import { settle, VirtualClock } from './virtual-clock.ts';
import { errorOf } from './results.ts';
import { modelFacingPayload } from './format-for-model.ts';

// Invariants of executeBatch over random batches: tools that succeed, throw, hang, ignore their signal
// or fail transiently, under random limits, timeouts and retry policies, on a virtual clock.

const behaviour = fc.record({
  kind: fc.constantFrom('succeed', 'throw', 'hang', 'ignore-signal', 'transient'),
  ms: fc.integer({ min: 0, max: 800 }),
  failures: fc.integer({ min: 0, max: 4 }),
});
type Behaviour = { kind: string; ms: number; failures: number };

const scenario = fc.record({
  calls: fc.array(fc.record({ idempotent: fc.boolean(), behaviour }), { minLength: 0, maxLength: 12 }),
  concurrency: fc.integer({ min: 1, max: 5 }),
  batchConcurrency: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  timeoutMs: fc.integer({ min: 50, max: 600 }),
  maxAttempts: fc.integer({ min: 1, max: 4 }),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  abortAt: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
});

/** A small seeded generator, so jitter and ids are reproducible from the scenario. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

function makeTool(
  name: string,
  idempotent: boolean,
  clock: VirtualClock,
  invocations: Map<string, number>,
  running: { now: number; peak: number },
): Tool {
  return defineTool({
    name,
    description: '',
    idempotent,
    schema: z.object({ kind: z.string(), ms: z.number(), failures: z.number() }),
    execute: async (input: Behaviour, ctx) => {
      invocations.set(ctx.toolCallId, (invocations.get(ctx.toolCallId) ?? 0) + 1);
      // A cooperative body counts as running until it returns or is told to stop.
      let counted = true;
      running.now++;
      running.peak = Math.max(running.peak, running.now);
      const stop = (): void => {
        if (counted) running.now--;
        counted = false;
      };
      ctx.signal.addEventListener('abort', stop, { once: true });
      try {
        switch (input.kind) {
          case 'succeed':
            await ctx.sleep(input.ms);
            return 'ok';
          case 'throw':
            await ctx.sleep(input.ms);
            throw new Error('boom');
          case 'hang':
            return await new Promise<never>(() => {});
          case 'ignore-signal':
            await clock.sleep(input.ms);
            return 'late';
          default:
            await ctx.sleep(input.ms);
            if (ctx.attempt <= input.failures) throw new TransientError('busy');
            return 'recovered';
        }
      } finally {
        stop();
      }
    },
  }) as Tool;
}

describe('executeBatch properties', () => {
  it('one result per call in order, limits respected, no rejection, bounded and justified retries', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (run) => {
        const clock = new VirtualClock(0);
        const executor = new ToolExecutor({
          clock,
          concurrency: run.concurrency,
          timeoutMs: run.timeoutMs,
          retry: { maxAttempts: run.maxAttempts, baseDelayMs: 100 },
          random: seeded(run.seed),
        });
        const invocations = new Map<string, number>();
        const body = { now: 0, peak: 0 };
        executor.register(makeTool('idempotent_tool', true, clock, invocations, body));
        executor.register(makeTool('plain_tool', false, clock, invocations, body));
        const events: ExecutorEvent[] = [];
        executor.on((event) => events.push(event));

        const controller = new AbortController();
        if (run.abortAt !== undefined) void clock.sleep(run.abortAt).then(() => controller.abort(new Error('stop')));
        const calls = run.calls.map((call, index) => ({
          id: `c${index}`,
          name: call.idempotent ? 'idempotent_tool' : 'plain_tool',
          arguments: JSON.stringify(call.behaviour),
        }));
        let settled: ToolCallResult[] | undefined;
        let rejected: unknown;
        executor.executeBatch(calls, { signal: controller.signal, concurrency: run.batchConcurrency }).then(
          (results) => (settled = results),
          (error: unknown) => (rejected = error ?? 'rejected'),
        );
        await clock.runUntilIdle();
        await settle();

        expect(rejected).toBeUndefined();
        expect(settled).toBeDefined();
        const results = settled as ToolCallResult[];
        expect(results.map((result) => result.toolCallId)).toEqual(calls.map((call) => call.id));

        const limit = Math.min(run.concurrency, run.batchConcurrency ?? Infinity);
        let active = 0;
        let peak = 0;
        for (const event of events) {
          if (event.type === 'tool-call-start') peak = Math.max(peak, ++active);
          if (
            event.type === 'tool-call-end' &&
            events.some((other) => other.type === 'tool-call-start' && other.toolCallId === event.toolCallId)
          )
            active--;
        }
        expect(peak).toBeLessThanOrEqual(limit);
        expect(body.peak).toBeLessThanOrEqual(limit);

        const starts = events.filter((event) => event.type === 'tool-call-start').map((event) => Number(event.toolCallId.slice(1)));
        expect(starts).toEqual([...starts].sort((left, right) => left - right));

        const maxAttempts = resolveRetryPolicy({ maxAttempts: run.maxAttempts }).maxAttempts;
        results.forEach((result, index) => {
          const call = run.calls[index]!;
          const ran = invocations.get(result.toolCallId) ?? 0;
          expect(result.attempts).toBe(ran);
          expect(result.attempts).toBeLessThanOrEqual(call.idempotent ? maxAttempts : 1);
          expect(result.attemptsDetail).toHaveLength(result.attempts);
          const ofCall = events.filter((event) => event.toolCallId === result.toolCallId);
          expect(ofCall.filter((event) => event.type === 'tool-call-queued')).toHaveLength(1);
          expect(ofCall.filter((event) => event.type === 'tool-call-end')).toHaveLength(1);
          expect(ofCall.filter((event) => event.type === 'attempt-start')).toHaveLength(result.attempts);
          expect(ofCall.filter((event) => event.type === 'attempt-end')).toHaveLength(result.attempts);
          for (const detail of result.attemptsDetail.slice(0, -1)) expect(detail.error?.retryable).toBe(true);
          if (result.status === 'success') expect(errorOf(result)).toBeUndefined();
          else expect(modelFacingPayload(result)).toEqual({ error: result.error?.message });
        });
        expect(executor.getMetrics()).toMatchObject({ concurrency: 0, queued: 0 });
      }),
      { numRuns: 60 },
    );
  });
});
