import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '../tool.ts';
import type { HealthAnswer } from '../tool-health.ts';
import { VirtualClock } from '../virtual-clock.ts';
import { HealthMonitor } from './health-monitor.ts';
import { RegistryEventHub } from './registry-events.ts';
import type { RegistryEvent } from './registry-types.ts';
import { ToolRegistry } from './tool-registry.ts';

function tool(name: string, healthCheck?: () => HealthAnswer | Promise<HealthAnswer>): Tool {
  return {
    name,
    description: '',
    parameters: { type: 'object' },
    validate: (args) => ({ success: true, data: args }),
    execute: () => 'ok',
    ...(healthCheck ? { healthCheck } : {}),
  };
}

function monitor(tools: Tool[]) {
  const registry = new ToolRegistry();
  for (const each of tools) registry.register(each, 0);
  const events = new RegistryEventHub();
  const seen: RegistryEvent[] = [];
  events.on((event) => seen.push(event));
  const clock = new VirtualClock();
  return { registry, clock, seen, health: new HealthMonitor({ registry, events, clock, timeoutMs: 1_000, env: {} }) };
}

afterEach(() => vi.restoreAllMocks());

describe('HealthMonitor', () => {
  it('drops the answer of a tool unregistered while its check ran', async () => {
    let release: (answer: boolean) => void = () => {};
    const { registry, clock, health } = monitor([
      tool('leaving', () => new Promise((resolve) => (release = resolve))),
      tool('staying', () => true),
    ]);
    const checking = health.checkAll();
    await clock.advance(0);
    registry.unregister('leaving');
    release(true);
    expect(await clock.run(checking)).toEqual({ staying: { healthy: true, checkedAt: 0 } });
    expect([...health.health.keys()]).toEqual(['staying']);
  });

  it('forgets a name', async () => {
    const { clock, health } = monitor([tool('probe', () => true)]);
    await clock.run(health.checkAll());
    health.forget('probe');
    expect(health.health.has('probe')).toBe(false);
  });

  it('announces a change with its detail, and no detail key when there is none', async () => {
    let answer: HealthAnswer = { healthy: false, detail: 'database down' };
    const { clock, health, seen } = monitor([tool('db', () => answer)]);
    await clock.run(health.checkAll());
    answer = true;
    await clock.run(health.checkAll());
    expect(seen).toEqual([
      { type: 'tool-health-change', time: 0, name: 'db', healthy: false, detail: 'database down' },
      { type: 'tool-health-change', time: 0, name: 'db', healthy: true, previouslyHealthy: false },
    ]);
    expect(seen[1]).not.toHaveProperty('detail');
  });

  it('refuses an interval that is not a positive finite number, saying what it got', () => {
    const { health } = monitor([]);
    expect(() => health.start(0)).toThrow(new RangeError('The health check interval must be a positive number of ms, got 0'));
    expect(() => health.start(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => health.start(Number.NaN)).toThrow(RangeError);
  });

  it('runs one schedule at a time, even after an old schedule is stopped late', async () => {
    let checks = 0;
    const { clock, health } = monitor([tool('probe', () => (checks++, true))]);
    const stopFirst = health.start(100);
    const stopSecond = health.start(100);
    // Stopping the replaced schedule must not let the next start leave the second one running.
    stopFirst();
    const stopThird = health.start(100);
    await clock.advance(0);
    checks = 0;
    await clock.advance(300);
    expect(checks).toBe(3);
    stopSecond();
    stopThird();
    await clock.advance(300);
    expect(checks).toBe(3);
  });
});
