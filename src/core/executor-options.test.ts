import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { ToolExecutor } from './executor.ts';
import type { RegistryEvent } from './registry/registry-types.ts';
import { addTool, hangingTool, harness } from './executor-harness.test-support.ts';
import type { Tool } from './tool.ts';
import type { ExecuteOptions, ToolCall } from './tool-call.ts';

// Issue 20: the executor's own options and inputs at their edges (found by mutation testing of
// executor.ts): the concurrency bound, options passed as null, call ids that are not usable, routing
// keys that are not, and a kill grace given without a strategy.

function lookup(version: string): Tool {
  return defineTool({ name: 'lookup', description: `v${version}`, schema: z.object({}), version, execute: () => version }) as Tool;
}

/** An executor with `lookup` v1 and v2 at 50 % each. */
function splitExecutor() {
  const made = harness({}, [lookup('1')]);
  made.executor.deploy(lookup('2'));
  made.executor.setTraffic('lookup', '2', 0.5);
  return made;
}

const keys = Array.from({ length: 40 }, (_, index) => `key-${index}`);

describe('executor options', () => {
  it('refuses a concurrency below 1 or not a number, naming it, and takes 1 and Infinity', () => {
    expect(() => new ToolExecutor({ concurrency: 0 })).toThrow(new RangeError('concurrency must be at least 1, got 0'));
    expect(() => new ToolExecutor({ concurrency: 0.5 })).toThrow('concurrency must be at least 1, got 0.5');
    expect(() => new ToolExecutor({ concurrency: Number.NaN })).toThrow('concurrency must be at least 1, got NaN');
    expect(() => new ToolExecutor({ concurrency: 1 })).not.toThrow();
    expect(() => new ToolExecutor({ concurrency: Number.POSITIVE_INFINITY })).not.toThrow();
  });

  it('offers the stable version without a routing key, and the routed one with it', () => {
    const { executor } = splitExecutor();
    const described = (key?: string) => executor.getDefinitions(key === undefined ? {} : { routingKey: key })[0]?.description;
    expect(new Set(keys.map(() => described()))).toEqual(new Set(['v1']));
    expect(new Set(keys.map((key) => described(key)))).toEqual(new Set(['v1', 'v2']));
    const none = null as unknown as { routingKey?: string };
    expect(executor.getDefinitions(none).map((definition) => definition.description)).toEqual(['v1']);
  });

  it('takes null options like none for health checks', async () => {
    const { clock, executor } = harness({ healthCheckTimeoutMs: 50 }, [addTool as Tool]);
    const none = null as unknown as { timeoutMs?: number };
    expect(await clock.run(executor.checkHealth(none))).toEqual({});
    const stop = executor.startHealthChecks(1_000, none);
    stop();
  });

  it('reports a version change for a deploy of a known name only, and for a rollback only when it rolled back', () => {
    const { executor } = harness();
    const changes: RegistryEvent[] = [];
    executor.onRegistryEvent((event) => changes.push(event));
    executor.deploy(lookup('1'));
    expect(executor.rollback('lookup')).toBe(false);
    expect(changes).toEqual([]);
    executor.deploy(lookup('2'));
    expect(changes.map((event) => event.type === 'tool-versions-change' && event.change)).toEqual(['deploy']);
  });
});

describe('what the executor hands back', () => {
  it('saves and restores a traffic split, reporting the restore, and says whether a rollback would change anything', () => {
    const { executor } = splitExecutor();
    const changes: RegistryEvent[] = [];
    executor.onRegistryEvent((event) => changes.push(event));
    const saved = executor.getTraffic('lookup');
    expect(saved).toEqual({ stable: '1', canary: { version: '2', share: 0.5 }, replaced: [] });
    expect(executor.canRollBack('lookup')).toBe(true);
    executor.rollback('lookup');
    expect(executor.canRollBack('lookup')).toBe(false);
    executor.restoreTraffic('lookup', saved);
    expect(executor.getTraffic('lookup')).toEqual(saved);
    expect(
      changes.map((event) => event.type === 'tool-versions-change' && [event.change, event.versions.map((version) => version.traffic)]),
    ).toEqual([
      ['rollback', [1, 0]],
      ['restore', [0.5, 0.5]],
    ]);
  });

  it('returns the last health check of each tool as a plain record', async () => {
    const sick = { ...(addTool as Tool), name: 'sick', healthCheck: () => ({ healthy: false, message: 'down' }) };
    const { clock, executor } = harness({}, [addTool as Tool, sick]);
    expect(executor.getHealth()).toEqual({});
    const report = await clock.run(executor.checkHealth());
    expect(executor.getHealth()).toEqual(report);
    expect(executor.getHealth()).toMatchObject({ sick: { healthy: false, message: 'down' } });
  });
});

describe('call ids and routing keys', () => {
  it('makes a call id, prefixed and unique, when the call has none that can be used', async () => {
    const { executor } = harness({}, [addTool as Tool]);
    const throwingId = {
      get id(): string {
        throw new Error('no id');
      },
      name: 'add',
      arguments: { a: 1, b: 2 },
    };
    const calls = [null, { id: '', name: 'add', arguments: {} }, { id: 42, name: 'add', arguments: {} }, throwingId];
    const ids: string[] = [];
    for (const call of calls) ids.push((await executor.execute(call as unknown as ToolCall)).toolCallId);
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-z]{8}[0-9a-z]+$/);
    // The same random source each time: only the growing sequence tells them apart.
    expect(ids.map((id) => id.slice('call_'.length + 8))).toEqual(['0', '1', '2', '3']);
    expect((await executor.execute({ id: 'mine', name: 'add', arguments: { a: 1, b: 2 } })).toolCallId).toBe('mine');
  });

  it('routes by each call id when the routing key is empty or not text', async () => {
    for (const routingKey of ['', 42]) {
      const { executor } = splitExecutor();
      const options = { routingKey } as ExecuteOptions;
      const versions = new Set<string | undefined>();
      for (const key of keys) versions.add((await executor.execute({ id: key, name: 'lookup', arguments: {} }, options)).version);
      expect(versions).toEqual(new Set(['1', '2']));
      const batch = await executor.executeBatch(
        keys.map((key) => ({ id: key, name: 'lookup', arguments: {} })),
        options,
      );
      expect(new Set(batch.map((result) => result.version))).toEqual(new Set(['1', '2']));
    }
  });
});

describe('kill grace', () => {
  it('takes a kill grace given without a strategy', async () => {
    const tool = { ...hangingTool('hang', 100), killable: true };
    const { clock, executor, events } = harness({ killGraceMs: 5_000 }, [tool]);
    await clock.run(executor.execute({ name: 'hang', arguments: {} }, { killGraceMs: 30 }));
    await clock.run(executor.whenWorkSettled());
    expect(events.filter((event) => event.type === 'attempt-killed').map((event) => event.time)).toEqual([130]);
  });
});
