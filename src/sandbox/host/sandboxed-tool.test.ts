import { describe, expect, it } from 'vitest';
import { ToolExecutor, type ExecutorEvent } from '../../core/index.ts';
import { adoptSandboxedTool, createSandboxedTool } from './sandboxed-tool.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { inProcessHost, tick, type FakeWorker } from './in-process-host.test-support.ts';

const schemaSource = "import { z } from 'zod';\nexport default z.object({ city: z.string() });\n";
const codeSource = 'export default async function execute(input) {\n  return `weather in ${input.city}`;\n}\n';
/** Waits until the tool's idle-time start-up (schema worker, spare) has run. */
/** Waits until `done`, at most 10 s of real time (the in-process workers are real message channels; a busy machine is slow). */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await tick(1);
}

async function idle(host: SandboxHost): Promise<void> {
  await until(() => host.idleTasks.size === 0);
  await tick();
}

const roles = (workers: FakeWorker[], role: string) => workers.filter((worker) => worker.role === role).map((worker) => worker.terminated);

const options = { name: 'get_weather', description: 'Weather', schemaSource, codeSource, timeoutMs: 900, idempotent: true, version: 'v2' };

describe('createSandboxedTool', () => {
  it('builds a core tool from valid sources, with the settings it was given', async () => {
    const { host } = inProcessHost();
    const created = await createSandboxedTool(host, { ...options, retry: { maxAttempts: 4 } });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const { tool } = created;
    expect([tool.name, tool.description, tool.timeoutMs, tool.idempotent, tool.version, tool.retry]).toEqual([
      'get_weather',
      'Weather',
      900,
      true,
      'v2',
      { maxAttempts: 4 },
    ]);
    expect(tool.parameters).toEqual({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
    expect([tool.schemaSource, tool.codeSource]).toEqual([schemaSource, codeSource]);
    expect(await tool.validate({ city: 'Oslo' }, new AbortController().signal)).toEqual({ success: true, data: { city: 'Oslo' } });
    tool.dispose();
  });

  it('refuses a name the providers would refuse, before starting anything', async () => {
    const { host, workers } = inProcessHost();
    await expect(createSandboxedTool(host, { ...options, name: 'get weather' })).rejects.toThrow(
      new TypeError('Invalid tool name "get weather": use 1-64 letters, digits, "_" or "-"'),
    );
    expect(workers).toHaveLength(0);
  });

  it('reports the errors of each source apart, checked in one compile worker, and starts nothing for the tool', async () => {
    const brokenSchema = inProcessHost();
    const schemaFails = await createSandboxedTool(brokenSchema.host, { ...options, schemaSource: 'export default 1;\n' });
    expect(schemaFails.ok).toBe(false);
    if (!schemaFails.ok) {
      expect(schemaFails.errors.schema).toHaveLength(1);
      expect(schemaFails.errors.code).toEqual([]);
    }
    await tick(30);
    expect(brokenSchema.workers.map((worker) => [worker.role, worker.terminated])).toEqual([['compile', true]]);

    const brokenCode = inProcessHost();
    const codeFails = await createSandboxedTool(brokenCode.host, { ...options, codeSource: 'export const nothing = 1;\n' });
    expect(codeFails.ok).toBe(false);
    if (!codeFails.ok) {
      expect(codeFails.errors.schema).toEqual([]);
      expect(codeFails.errors.code[0]?.message).toContain('must export its execute function');
    }
    await tick(30);
    expect(brokenCode.workers.map((worker) => [worker.role, worker.terminated])).toEqual([['compile', true]]);
  });

  it('starts its schema worker and one spare in idle time after the compile, and stops them when removed', async () => {
    const { host, workers } = inProcessHost();
    const created = await createSandboxedTool(host, options);
    if (!created.ok) throw new Error('no tool');
    await idle(host);
    expect([roles(workers, 'compile'), roles(workers, 'schema'), roles(workers, 'code')]).toEqual([[true], [false], [false]]);
    created.tool.dispose();
    await tick();
    expect(workers.map((worker) => worker.terminated)).not.toContain(false);
  });
});

describe('SandboxedTool start-up and removal', () => {
  it('starts no worker when it is removed before its idle-time start-up ran', async () => {
    const { host, workers } = inProcessHost();
    const created = await createSandboxedTool(host, options);
    if (!created.ok) throw new Error('no tool');
    created.tool.dispose();
    await idle(host);
    expect(workers.map((worker) => worker.role)).toEqual(['compile']);
  });

  it('starts no worker for code that replaced the code of a removed tool', async () => {
    const { host, workers } = inProcessHost();
    const created = await createSandboxedTool(host, options);
    if (!created.ok) throw new Error('no tool');
    created.tool.dispose();
    expect(await created.tool.updateCode('export default async function execute() {\n  return 2;\n}\n')).toEqual({ ok: true });
    await idle(host);
    expect(workers.map((worker) => worker.role)).toEqual(['compile', 'compile']);
  });

  it('starts no spare when it is removed while its schema worker starts', async () => {
    const { host, workers } = inProcessHost();
    // Removed the moment its schema worker is opened: polling for that worker could notice it only after
    // the start-up had gone on to the spare code worker (a CI run did).
    let dispose: (() => void) | null = null;
    let schemaOpened = false;
    const push = workers.push.bind(workers);
    workers.push = (...opened) => {
      const count = push(...opened);
      if (opened.some((worker) => worker.role === 'schema')) {
        schemaOpened = true;
        dispose?.();
      }
      return count;
    };
    const created = await createSandboxedTool(host, options);
    if (!created.ok) throw new Error('no tool');
    dispose = () => created.tool.dispose();
    if (schemaOpened) dispose();
    else await until(() => schemaOpened);
    await idle(host);
    expect(workers.map((worker) => worker.role)).toEqual(['compile', 'schema']);
  });

  it('is killable: the executor announces when it will stop a hung call by force', async () => {
    const { host } = inProcessHost();
    const created = await createSandboxedTool(host, options);
    if (!created.ok) throw new Error('no tool');
    const executor = new ToolExecutor({ killGraceMs: 300 });
    const events: ExecutorEvent[] = [];
    executor.on((event) => events.push(event));
    executor.register(created.tool);
    await executor.execute({ name: 'get_weather', arguments: { city: 'Oslo' } });
    expect(events.find((event) => event.type === 'attempt-start')).toMatchObject({ timeoutStrategy: 'abort-then-kill', killAfterMs: 300 });
    created.tool.dispose();
  });
});

describe('SandboxedTool updates', () => {
  it('replaces the schema with a good one (its old worker stops) and keeps the old one after a bad one', async () => {
    const { host, workers } = inProcessHost();
    const created = await createSandboxedTool(host, options);
    if (!created.ok) throw new Error('no tool');
    const { tool } = created;
    await idle(host);
    const next = "import { z } from 'zod';\nexport default z.object({ city: z.string(), days: z.number() });\n";
    expect(await tool.updateSchema(next)).toEqual({ ok: true });
    await idle(host);
    // The old schema worker stopped; the new schema's worker started in idle time.
    expect(roles(workers, 'schema')).toEqual([true, false]);
    expect(tool.schemaSource).toBe(next);
    expect(tool.parameters.required).toEqual(['city', 'days']);

    const failed = await tool.updateSchema('export default (;\n');
    expect(failed.ok).toBe(false);
    expect(tool.schemaSource).toBe(next);
    expect(await tool.validate({ city: 'Oslo' }, new AbortController().signal)).toMatchObject({ success: false });
    tool.dispose();
  });

  it('replaces the code with code that loads (its spare stops) and keeps the old code after a failure', async () => {
    const { host, workers } = inProcessHost();
    const created = await createSandboxedTool(host, options);
    if (!created.ok) throw new Error('no tool');
    const { tool } = created;
    const context = {
      toolCallId: 'c',
      attempt: 1,
      signal: new AbortController().signal,
      userId: undefined,
      env: {},
      idempotencyKey: 'k',
      sleep: async () => undefined,
      log: () => undefined,
    };
    await idle(host);
    const next = 'export default async function execute(input) {\n  return `forecast for ${input.city}`;\n}\n';
    expect(await tool.updateCode(next)).toEqual({ ok: true });
    await idle(host);
    // The spare of the old code is stopped; a spare of the new code waits for the next call.
    expect(roles(workers, 'code')).toEqual([true, false]);
    expect(tool.codeSource).toBe(next);
    expect(await tool.execute({ city: 'Oslo' }, context)).toBe('forecast for Oslo');

    expect((await tool.updateCode('export default 3;\n')).ok).toBe(false);
    expect(tool.codeSource).toBe(next);
    expect(await tool.execute({ city: 'Bergen' }, context)).toBe('forecast for Bergen');
    tool.dispose();
    await tick();
    expect(workers.map((worker) => worker.terminated)).not.toContain(false);
  });
});

describe('adoptSandboxedTool', () => {
  const jsonSchema = { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] };

  // Issue 30: sources with a verdict on record (build time, IndexedDB) are not run again to check them.
  it('makes a tool of sources compiled before without a compile worker; calls still run in fresh workers', async () => {
    const { host, workers } = inProcessHost();
    const adopted = adoptSandboxedTool(host, options, jsonSchema);
    expect(adopted.ok).toBe(true);
    if (!adopted.ok) return;
    expect(adopted.tool.parameters).toEqual(jsonSchema);
    expect(await adopted.tool.validate({ city: 'Oslo' }, new AbortController().signal)).toEqual({ success: true, data: { city: 'Oslo' } });
    const executor = new ToolExecutor();
    executor.register(adopted.tool);
    const result = await executor.execute({ id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' });
    expect(result).toMatchObject({ status: 'success', result: 'weather in Oslo' });
    expect(roles(workers, 'compile')).toEqual([]);
    expect(roles(workers, 'code').length).toBeGreaterThan(0);
    adopted.tool.dispose();
  });

  it('refuses sources that do not even transpile, as the source’s failure', () => {
    const { host } = inProcessHost();
    const adopted = adoptSandboxedTool(host, { ...options, codeSource: 'export default async function execute( {\n' }, jsonSchema);
    expect(adopted).toMatchObject({
      ok: false,
      kind: 'source',
      errors: { schema: [], code: [expect.objectContaining({ message: expect.any(String) })] },
    });
  });
});
