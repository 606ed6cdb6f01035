import { describe, expect, it } from 'vitest';
import type { Tool } from '../tool.ts';
import type { HealthAnswer, HealthCheckContext } from '../tool-health.ts';
import { VirtualClock } from '../virtual-clock.ts';
import { runHealthCheck } from './run-health-check.ts';

function tool(healthCheck?: (ctx: HealthCheckContext) => HealthAnswer | Promise<HealthAnswer>): Tool {
  return {
    name: 'probe',
    description: '',
    parameters: { type: 'object' },
    validate: (args) => ({ success: true, data: args }),
    execute: () => 'ok',
    ...(healthCheck ? { healthCheck } : {}),
  };
}

function settings(clock = new VirtualClock(7)) {
  return { clock, timeoutMs: 50, env: {} };
}

describe('runHealthCheck', () => {
  it('calls a tool without a check healthy, with no detail', async () => {
    expect(await runHealthCheck(tool(), settings())).toEqual({ healthy: true, checkedAt: 7 });
  });

  it('gives no detail keys at all when the answer has none', async () => {
    const health = await runHealthCheck(
      tool(() => true),
      settings(),
    );
    expect(health).toEqual({ healthy: true, checkedAt: 7 });
    expect(Object.keys(health)).toEqual(['healthy', 'checkedAt']);
  });

  it('prefers detail over message, and reads message when there is no detail', async () => {
    expect(
      await runHealthCheck(
        tool(() => ({ healthy: true, detail: 'new', message: 'old' })),
        settings(),
      ),
    ).toMatchObject({
      detail: 'new',
      message: 'new',
    });
    expect(
      await runHealthCheck(
        tool(() => ({ healthy: false, message: 'disk full' })),
        settings(),
      ),
    ).toEqual({
      healthy: false,
      detail: 'disk full',
      message: 'disk full',
      checkedAt: 7,
    });
  });

  it.each([undefined, null])('calls an answer of %s unhealthy, without inventing a failure', async (answer) => {
    expect(
      await runHealthCheck(
        tool(() => answer as never),
        settings(),
      ),
    ).toEqual({ healthy: false, checkedAt: 7 });
  });

  it('aborts the signal at the timeout with a TimeoutError that names the tool', async () => {
    const clock = new VirtualClock();
    let reason: unknown;
    const checking = runHealthCheck(
      tool(
        (ctx) =>
          new Promise<HealthAnswer>((resolve) =>
            ctx.signal.addEventListener('abort', () => {
              reason = ctx.signal.reason;
              resolve(true);
            }),
          ),
      ),
      settings(clock),
    );
    const health = await clock.run(checking);
    expect(health).toMatchObject({ healthy: false, detail: 'health check timed out after 50 ms', checkedAt: 50 });
    expect(reason).toBeInstanceOf(DOMException);
    expect(reason).toMatchObject({ name: 'TimeoutError', message: 'The health check of "probe" timed out after 50 ms' });
  });

  it('cancels its timeout as soon as the check answers', async () => {
    const clock = new VirtualClock();
    await runHealthCheck(
      tool(async () => true),
      settings(clock),
    );
    expect(clock.pendingTimers).toBe(0);
  });

  it('reports a check that throws as unhealthy, with the reason', async () => {
    const health = await runHealthCheck(
      tool(() => {
        throw new Error('connection refused');
      }),
      settings(),
    );
    expect(health).toEqual({
      healthy: false,
      detail: 'health check failed: connection refused',
      message: 'health check failed: connection refused',
      checkedAt: 7,
    });
  });
});
