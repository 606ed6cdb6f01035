import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { ToolUnavailableError } from './errors.ts';
import { harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';

describe('health and unavailable tools', () => {
  it('takes unhealthy tools out of the definitions and fails their calls with unavailable', async () => {
    let healthy = false;
    const search = defineTool({
      name: 'search',
      description: '',
      schema: z.object({}),
      execute: () => 'hits',
      healthCheck: () => ({ healthy, message: 'index rebuilding' }),
    });
    const broken = defineTool({
      name: 'broken',
      description: '',
      schema: z.object({}),
      execute: () => 1,
      healthCheck: () => {
        throw new Error('no route');
      },
    });
    const { clock, executor } = harness({}, [search as Tool, broken as Tool]);
    // Issue 8 added `detail` (same text as `message`, which stays for older readers) and `checkedAt`.
    expect(await clock.run(executor.checkHealth())).toEqual({
      search: { healthy: false, message: 'index rebuilding', detail: 'index rebuilding', checkedAt: 0 },
      broken: { healthy: false, message: 'health check failed: no route', detail: 'health check failed: no route', checkedAt: 0 },
    });
    expect(executor.getDefinitions()).toEqual([]);
    const result = await executor.execute({ name: 'search', arguments: {} });
    expect(result).toMatchObject({
      attempts: 0,
      error: { kind: 'unavailable', message: 'Tool "search" is unavailable: index rebuilding', retryable: true },
    });
    healthy = true;
    await clock.run(executor.checkHealth());
    expect(executor.getDefinitions().map((definition) => definition.name)).toEqual(['search']);
    expect((await executor.execute({ name: 'search', arguments: {} })).status).toBe('success');
  });

  it('bounds a hanging health check by the executor timeout', async () => {
    const stuck = defineTool({
      name: 'stuck',
      description: '',
      schema: z.object({}),
      execute: () => 1,
      healthCheck: () => new Promise(() => {}),
    });
    const { clock, executor } = harness({ timeoutMs: 250 }, [stuck as Tool]);
    const detail = 'health check timed out after 250 ms';
    expect(await clock.run(executor.checkHealth())).toEqual({ stuck: { healthy: false, message: detail, detail, checkedAt: 250 } });
  });

  it('maps ToolUnavailableError thrown by a tool to unavailable, retried for idempotent tools', async () => {
    const tool = defineTool({
      name: 'sandboxed',
      description: '',
      schema: z.object({}),
      idempotent: true,
      execute: (_input, ctx) => {
        if (ctx.attempt === 1) throw new ToolUnavailableError('sandbox restarting', { retryAfterMs: 50 });
        return 'ok';
      },
    });
    const { clock, executor } = harness({}, [tool as Tool]);
    const result = await clock.run(executor.execute({ name: 'sandboxed', arguments: {} }));
    expect(result).toMatchObject({ status: 'success', attempts: 2, durationMs: 50 });
    expect(result.attemptsDetail[0]).toMatchObject({ outcome: 'unavailable', retryReason: 'unavailable, retry-after' });
  });
});
