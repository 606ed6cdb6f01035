import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool, errorOf, modelFacingPayload } from '../core/index.ts';
import { harness } from '../core/executor-harness.test-support.ts';
import { drawFault } from './fault-draw.ts';
import { noFaults, type FaultSettings } from './fault-settings.ts';
import { injectedFaultOf, withFaults } from './inject-faults.ts';

const weather = defineTool({
  name: 'get_weather',
  description: 'weather',
  schema: z.object({ city: z.string() }),
  idempotent: true,
  execute: ({ city }) => ({ city, temperature: 18 }),
});
const settings = (patch: Partial<FaultSettings>): FaultSettings => ({ ...noFaults, enabled: true, ...patch });
const keys = Array.from({ length: 2_000 }, (_, index) => ({ toolName: 'get_weather', toolCallId: `call_${index}`, attempt: 1 }));

describe('fault draws', () => {
  it('are the same for the same seed and differ for another seed', () => {
    const chaos = settings({ transientRate: 0.2, hangRate: 0.1, latency: { distribution: 'uniform', ms: 10, maxMs: 500 } });
    const draws = (seed: number) => keys.map((key) => drawFault(chaos, { ...key, seed }));
    expect(draws(7)).toEqual(draws(7));
    const other = draws(8);
    const differing = draws(7).filter((draw, index) => JSON.stringify(draw) !== JSON.stringify(other[index])).length;
    expect(differing).toBeGreaterThan(keys.length / 2);
  });

  it('do not depend on the order calls are drawn in', () => {
    const chaos = settings({ transientRate: 0.3 });
    const forward = keys.map((key) => drawFault(chaos, { ...key, seed: 3 }));
    const backward = [...keys].reverse().map((key) => drawFault(chaos, { ...key, seed: 3 }));
    expect(backward.reverse()).toEqual(forward);
  });

  it('hit each kind at about its rate, and latency within its distribution', () => {
    const chaos = settings({
      rateLimitRate: 0.1,
      permanentRate: 0.3,
      malformedRate: 0.05,
      latency: { distribution: 'exponential', ms: 100, maxMs: 400 },
    });
    const draws = keys.map((key) => drawFault(chaos, { ...key, seed: 1 }));
    const share = (kind: string) => draws.filter((draw) => draw.failure === kind).length / draws.length;
    expect(share('rate_limit')).toBeCloseTo(0.1, 1);
    expect(share('permanent')).toBeCloseTo(0.3, 1);
    expect(share('malformed')).toBeCloseTo(0.05, 1);
    expect(share('transient')).toBe(0);
    const delays = draws.map((draw) => draw.delayMs);
    expect(Math.max(...delays)).toBeLessThanOrEqual(400);
    const mean = delays.reduce((sum, delay) => sum + delay, 0) / delays.length;
    // Exponential with mean 100 capped at 400: the mean drops a little below 100.
    expect(mean).toBeGreaterThan(80);
    expect(mean).toBeLessThan(100);
  });
});

describe('withFaults', () => {
  it('leaves a tool untouched when faults are off', () => {
    expect(withFaults(weather as Tool, noFaults, 1)).toBe(weather);
    expect(withFaults(weather as Tool, undefined, 1)).toBe(weather);
  });

  it('a 429 is retried after its Retry-After, and each injected fault is marked in the call log', async () => {
    const { clock, executor, events } = harness({ retry: { maxAttempts: 3, baseDelayMs: 10 } }, [
      withFaults(weather as Tool, settings({ rateLimitRate: 0.5, retryAfterMs: 700 }), 1),
    ]);
    // Find a call id whose first attempt draws a 429 and whose second does not (deterministic by seed).
    const faulty = settings({ rateLimitRate: 0.5 });
    const callId = keys.find(
      (key) =>
        drawFault(faulty, { ...key, seed: 1 }).failure === 'rate_limit' &&
        drawFault(faulty, { ...key, seed: 1, attempt: 2 }).failure === null,
    )!.toolCallId;
    const result = await clock.run(executor.execute({ id: callId, name: 'get_weather', arguments: { city: 'Oslo' } }));
    expect(result).toMatchObject({ status: 'success', attempts: 2, result: { city: 'Oslo' } });
    expect(result.attemptsDetail[0]).toMatchObject({ outcome: 'execution_error', retryAfterMs: 700, retryDelayMs: 700 });
    const marks = events.flatMap((event) => (event.type === 'tool-call-log' ? [injectedFaultOf(event.entry.message)] : []));
    expect(marks).toEqual(['429 Too Many Requests (Retry-After 700 ms)']);
  });

  it('a hang ignores the signal and ends at the deadline; latency delays the call on the clock', async () => {
    const { clock, executor } = harness({ timeoutMs: 1_000, retry: { maxAttempts: 1 } }, [
      withFaults(weather as Tool, settings({ hangRate: 1, latency: { distribution: 'fixed', ms: 250, maxMs: 250 } }), 1),
    ]);
    const result = await clock.run(executor.execute({ id: 'a', name: 'get_weather', arguments: { city: 'Oslo' } }));
    expect(errorOf(result)?.kind).toBe('timeout');
    expect(result.durationMs).toBe(1_000);
    expect(result.logs.map((entry) => injectedFaultOf(entry.message))).toEqual(['latency +250 ms', 'hang (ignores the abort signal)']);
  });

  it('a malformed result is the real result cut off; a permanent error is not retried', async () => {
    const malformed = harness({}, [withFaults(weather as Tool, settings({ malformedRate: 1 }), 1)]);
    const cut = await malformed.clock.run(malformed.executor.execute({ id: 'a', name: 'get_weather', arguments: { city: 'Oslo' } }));
    expect(modelFacingPayload(cut)).toBe('{"city":"Oslo","');
    const permanent = harness({ retry: { maxAttempts: 3 } }, [withFaults(weather as Tool, settings({ permanentRate: 1 }), 1)]);
    const failed = await permanent.clock.run(permanent.executor.execute({ id: 'a', name: 'get_weather', arguments: { city: 'Oslo' } }));
    expect(failed).toMatchObject({ status: 'error', attempts: 1, error: { message: expect.stringContaining('403') } });
  });

  it('rejects settings whose failure rates add up to more than 100%', async () => {
    const { faultSettingsSchema } = await import('./fault-settings.ts');
    expect(faultSettingsSchema.safeParse(settings({ transientRate: 0.6, hangRate: 0.5 })).success).toBe(false);
    expect(faultSettingsSchema.safeParse(settings({ transientRate: 0.5, hangRate: 0.5 })).success).toBe(true);
  });
});
