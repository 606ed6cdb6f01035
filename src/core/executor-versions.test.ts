import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import type { RegistryEvent } from './registry/registry-types.ts';
import { harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import { modelFacingPayload } from './format-for-model.ts';

// Issue 8: versions with canary traffic and rollback.

function lookup(version: string, fail = false): Tool {
  return defineTool({
    name: 'lookup',
    description: `Looks things up (v${version})`,
    schema: z.object({}),
    version,
    execute: () => {
      if (fail) throw new Error(`v${version} is broken`);
      return `served by ${version}`;
    },
  }) as Tool;
}

async function servedBy(executor: ReturnType<typeof harness>['executor'], keys: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const key of keys) {
    const result = await executor.execute({ name: 'lookup', arguments: {} }, { routingKey: key });
    counts[result.version ?? '?'] = (counts[result.version ?? '?'] ?? 0) + 1;
  }
  return counts;
}

const keys = Array.from({ length: 10_000 }, (_, index) => `conversation-${index}`);

describe('tool versions', () => {
  it('starts a deployed version at 0% and splits calls by routing key within a point of the ratio', async () => {
    const { executor } = harness({}, [lookup('1')]);
    executor.deploy(lookup('2'));
    expect(await servedBy(executor, keys.slice(0, 100))).toEqual({ 1: 100 });
    executor.setTraffic('lookup', '2', 0.01);
    const canary = (await servedBy(executor, keys))['2'] ?? 0;
    expect(Math.abs(canary / keys.length - 0.01)).toBeLessThanOrEqual(0.01);
    executor.setTraffic('lookup', '2', 0.5);
    const half = (await servedBy(executor, keys))['2'] ?? 0;
    expect(Math.abs(half / keys.length - 0.5)).toBeLessThanOrEqual(0.01);
  });

  it('keeps one key on one version, and a key on the canary stays there as its share grows', async () => {
    const { executor } = harness({}, [lookup('1')]);
    executor.deploy(lookup('2'));
    executor.setTraffic('lookup', '2', 0.1);
    const versionsAt10 = await Promise.all(
      keys.slice(0, 500).map(async (key) => (await executor.execute({ name: 'lookup', arguments: {} }, { routingKey: key })).version),
    );
    const again = await Promise.all(
      keys.slice(0, 500).map(async (key) => (await executor.execute({ name: 'lookup', arguments: {} }, { routingKey: key })).version),
    );
    expect(again).toEqual(versionsAt10);
    executor.setTraffic('lookup', '2', 0.5);
    const versionsAt50 = await Promise.all(
      keys.slice(0, 500).map(async (key) => (await executor.execute({ name: 'lookup', arguments: {} }, { routingKey: key })).version),
    );
    versionsAt10.forEach((version, index) => {
      if (version === '2') expect(versionsAt50[index]).toBe('2');
    });
  });

  it('routes every call of a batch by the batch key, and names the version on the result and on every event', async () => {
    const { executor, events } = harness({}, [lookup('1')]);
    executor.deploy(lookup('2'));
    executor.setTraffic('lookup', '2', 0.5);
    const key = keys.find(
      (candidate) => candidate !== '' && executor.getDefinitions({ routingKey: candidate })[0]?.description.includes('v2'),
    ) as string;
    const results = await executor.executeBatch(
      [
        { id: 'a', name: 'lookup', arguments: {} },
        { id: 'b', name: 'lookup', arguments: {} },
      ],
      { routingKey: key },
    );
    expect(results.map((result) => [result.version, modelFacingPayload(result)])).toEqual([
      ['2', 'served by 2'],
      ['2', 'served by 2'],
    ]);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.version === '2')).toBe(true);
  });

  it('rolls back at once: all traffic returns to the previous version', async () => {
    const { executor } = harness({}, [lookup('1')]);
    executor.deploy(lookup('2', true));
    executor.setTraffic('lookup', '2', 0.5);
    expect((await servedBy(executor, keys.slice(0, 200)))['2']).toBeGreaterThan(0);
    expect(executor.rollback('lookup')).toBe(true);
    expect(await servedBy(executor, keys.slice(0, 200))).toEqual({ 1: 200 });
    expect(executor.getVersions('lookup').map(({ version, traffic }) => [version, traffic])).toEqual([
      ['1', 1],
      ['2', 0],
    ]);
    // After a promotion, rollback restores the replaced stable version.
    executor.setTraffic('lookup', '2', 1);
    expect(executor.getTool('lookup')?.version).toBe('2');
    executor.rollback('lookup');
    expect(executor.getTool('lookup')?.version).toBe('1');
    expect(executor.rollback('lookup')).toBe(false);
  });

  it('counts calls per version in the snapshot and in Prometheus', async () => {
    const { executor } = harness({}, [lookup('1')]);
    executor.deploy(lookup('2', true));
    executor.setTraffic('lookup', '2', 0.5);
    const counts = await servedBy(executor, keys.slice(0, 100));
    const metrics = executor.getMetrics().tools.lookup;
    expect(metrics?.byVersion).toEqual({
      1: { calls: counts['1'], successes: counts['1'], errors: {} },
      2: { calls: counts['2'], successes: 0, errors: { execution_error: counts['2'] } },
    });
    const text = executor.toPrometheus();
    expect(text).toContain(`agent_tool_calls_total{tool_name="lookup",status="success",version="1"} ${counts['1']}`);
    expect(text).toContain(`agent_tool_calls_total{tool_name="lookup",status="error",version="2"} ${counts['2']}`);
    expect(text).not.toContain('agent_tool_calls_total{tool_name="lookup",status="success"} ');
  });

  it('reports deploys, traffic changes and rollbacks as registry events, not call events', async () => {
    const { clock, executor, events } = harness({}, [lookup('1')]);
    const changes: RegistryEvent[] = [];
    executor.onRegistryEvent((event) => changes.push(event));
    executor.deploy(lookup('2'));
    await clock.advance(5);
    executor.setTraffic('lookup', '2', 0.2);
    executor.rollback('lookup');
    expect(
      changes.map(
        (event) => event.type === 'tool-versions-change' && [event.change, event.time, event.versions.map((version) => version.traffic)],
      ),
    ).toEqual([
      ['deploy', 0, [1, 0]],
      ['set-traffic', 5, [0.8, 0.2]],
      ['rollback', 5, [1, 0]],
    ]);
    expect(events).toEqual([]);
  });

  it('treats deploy of a new name as register, and refuses versions it cannot tell apart', () => {
    const { executor } = harness();
    executor.deploy(lookup('1'));
    expect(executor.getVersions('lookup')).toEqual([{ version: '1', traffic: 1, deployedAt: 0, role: 'stable' }]);
    expect(() => executor.deploy(lookup('1'))).toThrow('Version "1" of tool "lookup" is already deployed');
    expect(() => executor.register(lookup('3'))).toThrow('already registered');
    expect(() => executor.setTraffic('nope', '1', 1)).toThrow('No tool named "nope"');
    expect(executor.getVersions('nope')).toEqual([]);
    executor.unregister('lookup');
    expect(executor.getVersions('lookup')).toEqual([]);
  });
});
