import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import type { RegistryEvent } from './registry/registry-types.ts';
import { harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import type { HealthAnswer, HealthCheckContext } from './tool-health.ts';
import { errorOf } from './results.ts';

// Issue 8: health checks with a context, a per-check timeout, periodic checks and change events.

function checkedTool(name: string, healthCheck: (ctx: HealthCheckContext) => HealthAnswer | Promise<HealthAnswer>, description = ''): Tool {
  return defineTool({ name, description, schema: z.object({}), execute: () => 'ok', healthCheck }) as Tool;
}

describe('health checks', () => {
  it('hands the check a context whose signal aborts at its own timeout, and stamps checkedAt', async () => {
    let seen: HealthCheckContext | undefined;
    const slow = checkedTool('slow', async (ctx) => {
      seen = ctx;
      await ctx.sleep(10_000);
      return { healthy: true };
    });
    const { clock, executor } = harness({ timeoutMs: 60_000, healthCheckTimeoutMs: 300, env: { REGION: 'eu' } }, [slow]);
    const report = await clock.run(executor.checkHealth());
    expect(report.slow).toEqual({
      healthy: false,
      detail: 'health check timed out after 300 ms',
      message: 'health check timed out after 300 ms',
      checkedAt: 300,
    });
    expect(seen?.signal.aborted).toBe(true);
    expect(seen?.env).toEqual({ REGION: 'eu' });
    // A per-call timeout wins over the executor's.
    expect((await clock.run(executor.checkHealth({ timeoutMs: 50 }))).slow?.checkedAt).toBe(350);
  });

  it('reads detail or message from the answer, and treats a malformed answer as unhealthy', async () => {
    const tools = [checkedTool('detailed', () => ({ healthy: true, detail: 'p99 80 ms' })), checkedTool('malformed', () => 'yes' as never)];
    const { clock, executor } = harness({}, tools);
    expect(await clock.run(executor.checkHealth())).toEqual({
      detailed: { healthy: true, detail: 'p99 80 ms', message: 'p99 80 ms', checkedAt: 0 },
      malformed: { healthy: false, checkedAt: 0 },
    });
  });

  it('reads a health check that answers a bare boolean: true is healthy, false is not (issue 12)', async () => {
    let up = true;
    const tools = [checkedTool('sync_bool', () => up), checkedTool('async_bool', async () => up)];
    const { clock, executor } = harness({}, tools);
    expect(await clock.run(executor.checkHealth())).toEqual({
      sync_bool: { healthy: true, checkedAt: 0 },
      async_bool: { healthy: true, checkedAt: 0 },
    });
    expect((await executor.execute({ name: 'sync_bool', arguments: {} })).status).toBe('success');
    up = false;
    const report = await clock.run(executor.checkHealth());
    expect([report.sync_bool?.healthy, report.async_bool?.healthy]).toEqual([false, false]);
    const refused = await executor.execute({ name: 'async_bool', arguments: {} });
    expect(refused.status).toBe('error');
    expect(errorOf(refused)?.kind).toBe('unavailable');
  });

  it('hides an unhealthy tool from discovery and fails its calls as unavailable until it recovers', async () => {
    let healthy = false;
    const weather = checkedTool('get_weather', () => ({ healthy, detail: 'upstream down' }), 'Current weather and temperature for a city');
    const search = checkedTool('search_web', () => ({ healthy: true }), 'Search the web for pages');
    const { clock, executor } = harness({}, [weather, search]);
    await clock.run(executor.checkHealth());
    expect((await executor.discover('temperature in Paris')).map((match) => match.definition.name)).toEqual(['search_web']);
    expect(await executor.execute({ name: 'get_weather', arguments: {} })).toMatchObject({
      status: 'error',
      attempts: 0,
      error: { kind: 'unavailable', message: 'Tool "get_weather" is unavailable: upstream down' },
    });
    healthy = true;
    await clock.run(executor.checkHealth());
    expect((await executor.discover('temperature in Paris'))[0]?.definition.name).toBe('get_weather');
  });

  it('checks periodically on the executor clock until stopped, reporting only changes of health', async () => {
    let checks = 0;
    const answers = [true, true, false, false, true];
    const flaky = checkedTool('flaky', () => ({ healthy: answers[checks++] ?? true }));
    const { clock, executor } = harness({}, [flaky]);
    const changes: RegistryEvent[] = [];
    executor.onRegistryEvent((event) => changes.push(event));
    const stop = executor.startHealthChecks(1_000);
    await clock.advance(4_000);
    expect(checks).toBe(5);
    stop();
    await clock.advance(10_000);
    expect(checks).toBe(5);
    expect(changes.map((event) => event.type === 'tool-health-change' && [event.time, event.healthy, event.previouslyHealthy])).toEqual([
      [0, true, undefined],
      [2_000, false, true],
      [4_000, true, false],
    ]);
    expect(() => executor.startHealthChecks(0)).toThrow(RangeError);
  });

  it('keeps one schedule per executor: starting again replaces the previous one', async () => {
    let checks = 0;
    const { clock, executor } = harness({}, [checkedTool('counted', () => ({ healthy: checks++ >= 0 }))]);
    executor.startHealthChecks(1_000);
    const stop = executor.startHealthChecks(1_000);
    await clock.advance(2_000);
    expect(checks).toBe(4);
    stop();
  });

  it('still runs a check called without a context (older callers of healthCheck)', async () => {
    const tool = checkedTool('legacy', (ctx) => ({ healthy: !ctx.signal.aborted }));
    expect(await tool.healthCheck?.()).toEqual({ healthy: true });
  });
});
