import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDefaultWorkspace } from '../../workspace/default-workspace.ts';
import type { ToolSource } from '../../workspace/workspace-schema.ts';
import type { CompileResult, ToolRuntime } from '../runtime/tool-runtime.ts';
import { CompileCache, sourcesHash, typescriptLanguage, type KeptCompile } from './compile-cache.ts';
import { CompileQueue } from './compile-queue.ts';
import { sourcesKey } from './compile-status.ts';

const valid: CompileResult = { ok: true, parameters: { type: 'object', properties: {} } };

/** A runtime that answers each compile with `answer` (after `delayMs`), counting compiles per tool and at once. */
function countingRuntime(answer: (tool: ToolSource, call: number) => CompileResult = () => valid, delayMs = 5) {
  const counts = { calls: 0, running: 0, mostAtOnce: 0, order: [] as string[], byTool: new Map<string, number>() };
  const runtime: ToolRuntime = {
    async compile(tool) {
      counts.calls++;
      counts.order.push(tool.name);
      counts.byTool.set(tool.id, (counts.byTool.get(tool.id) ?? 0) + 1);
      counts.running++;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      counts.running--;
      return answer(tool, counts.calls);
    },
    toCoreTool: () => {
      throw new Error('not used');
    },
  };
  return { runtime, counts };
}

function queueOver(runtime: ToolRuntime, options: { editDelayMs?: number; focused?: () => string | null } = {}) {
  const workspace = { tools: createDefaultWorkspace().tools };
  const queue = new CompileQueue({
    runtime,
    tools: () => workspace.tools,
    focusedToolId: options.focused,
    editDelayMs: options.editDelayMs ?? 20,
  });
  const edit = (toolId: string, patch: Partial<ToolSource>) => {
    workspace.tools = workspace.tools.map((tool) => (tool.id === toolId ? { ...tool, ...patch } : tool));
    queue.toolsChanged();
  };
  return { queue, workspace, edit };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CompileQueue', () => {
  it('compiles every tool it is told of side by side, each once, and reports each verdict', async () => {
    const { runtime, counts } = countingRuntime();
    const { queue, workspace } = queueOver(runtime);
    const reports: number[] = [];
    queue.subscribe(() => reports.push(Object.values(queue.compilations).filter((entry) => entry.status === 'valid').length));
    queue.toolsChanged();
    await queue.settled(workspace.tools.map((tool) => tool.id));
    expect(counts.mostAtOnce).toBe(workspace.tools.length);
    expect([...counts.byTool.values()].every((count) => count === 1)).toBe(true);
    expect(reports.at(-1)).toBe(workspace.tools.length);
    // Told again with nothing changed: nothing compiles.
    queue.toolsChanged();
    await queue.settled();
    expect(counts.calls).toBe(workspace.tools.length);
  });

  // Issue 25: the 300 ms wait after a keystroke was the editor's; now it is the queue's, for every edit.
  it('compiles an edit once the typing pauses, not on each keystroke', async () => {
    const { runtime, counts } = countingRuntime();
    const { queue, workspace, edit } = queueOver(runtime, { editDelayMs: 40 });
    queue.toolsChanged();
    await queue.settled(workspace.tools.map((tool) => tool.id));
    const tool = workspace.tools[0]!;
    const before = counts.calls;
    for (const text of ['// a', '// ab', '// abc']) {
      edit(tool.id, { codeSource: `${tool.codeSource}${text}\n` });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(counts.calls).toBe(before);
    await vi.waitFor(() => expect(queue.compilations[tool.id]?.compiledSources).toContain('// abc'));
    expect(counts.calls).toBe(before + 1);
  });

  it('compiles an edit still waiting for the pause at once when a run asks for the tool', async () => {
    const { runtime, counts } = countingRuntime();
    const { queue, workspace, edit } = queueOver(runtime, { editDelayMs: 60_000 });
    queue.toolsChanged();
    await queue.settled(workspace.tools.map((tool) => tool.id));
    const tool = workspace.tools[0]!;
    edit(tool.id, { codeSource: `${tool.codeSource}// now\n` });
    await queue.settled([tool.id]);
    expect(queue.compilations[tool.id]?.compiledSources).toContain('// now');
    expect(counts.byTool.get(tool.id)).toBe(2);
  });

  it('never compiles one tool twice at once: an edit during its compile compiles after it', async () => {
    const { runtime, counts } = countingRuntime(undefined, 20);
    const { queue, workspace, edit } = queueOver(runtime, { editDelayMs: 0 });
    queue.toolsChanged();
    const tool = workspace.tools[0]!;
    edit(tool.id, { codeSource: `${tool.codeSource}// edited\n` });
    await queue.settled([tool.id]);
    expect(queue.compilations[tool.id]).toMatchObject({ status: 'valid', compiledSources: expect.stringContaining('// edited') });
    expect(counts.mostAtOnce).toBeLessThanOrEqual(workspace.tools.length);
    expect(counts.byTool.get(tool.id)).toBe(2);
  });

  it('takes the tool in the editor first', async () => {
    const { runtime, counts } = countingRuntime();
    const workspace = createDefaultWorkspace();
    const last = workspace.tools.at(-1)!;
    const queue = new CompileQueue({ runtime, tools: () => workspace.tools, focusedToolId: () => last.id });
    queue.toolsChanged();
    await queue.settled(workspace.tools.map((tool) => tool.id));
    expect(counts.order[0]).toBe(last.name);
    expect(counts.order).toHaveLength(workspace.tools.length);
  });

  it('tries once more when the sandbox, not the source, failed', async () => {
    const sandboxDown: CompileResult = { ok: false, kind: 'sandbox', problems: [{ file: 'schema', line: 1, column: 1, message: 'gone' }] };
    const { runtime, counts } = countingRuntime((_tool, call) => (call === 1 ? sandboxDown : valid));
    const workspace = { tools: createDefaultWorkspace().tools.slice(0, 1) };
    const queue = new CompileQueue({ runtime, tools: () => workspace.tools });
    queue.toolsChanged();
    await queue.settled();
    expect(counts.calls).toBe(2);
    expect(queue.compilations[workspace.tools[0]!.id]?.status).toBe('valid');
  });

  it('does not remember a sandbox failure as the verdict on the sources, and does not loop on it', async () => {
    const sandboxDown: CompileResult = { ok: false, kind: 'sandbox', problems: [{ file: 'schema', line: 1, column: 1, message: 'gone' }] };
    const { runtime, counts } = countingRuntime((_tool, call) => (call <= 2 ? sandboxDown : valid));
    const workspace = { tools: createDefaultWorkspace().tools.slice(0, 1) };
    const toolId = workspace.tools[0]!.id;
    const queue = new CompileQueue({ runtime, tools: () => workspace.tools });
    await queue.settled();
    expect(queue.compilations[toolId]).toMatchObject({ status: 'errors', compiledSources: null });
    // Being told of the tools (again) does not start it again by itself...
    queue.toolsChanged();
    workspace.tools = workspace.tools.map((tool) => ({ ...tool, enabled: !tool.enabled }));
    queue.toolsChanged();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counts.calls).toBe(2);
    // ...but the next run does.
    await queue.settled([toolId]);
    expect(queue.compilations[toolId]?.status).toBe('valid');
  });

  // Issue 25: a regex on the message text used to decide; a tool whose own error says "worker did not answer" was retried and forgotten.
  it('keeps a source failure as the verdict whatever its message says', async () => {
    const sourceError: CompileResult = {
      ok: false,
      kind: 'source',
      problems: [{ file: 'schema', line: 2, column: 7, message: 'Error: the worker did not answer (thrown by the schema)' }],
    };
    const { runtime, counts } = countingRuntime(() => sourceError);
    const workspace = { tools: createDefaultWorkspace().tools.slice(0, 1) };
    const queue = new CompileQueue({ runtime, tools: () => workspace.tools });
    queue.toolsChanged();
    await queue.settled();
    await queue.settled();
    expect(counts.calls).toBe(1);
    expect(queue.compilations[workspace.tools[0]!.id]).toMatchObject({ status: 'errors', compiledSources: expect.any(String) });
  });

  it('lets go of a removed tool: its status goes, and the runtime is told which tools remain', async () => {
    const { runtime } = countingRuntime();
    const kept: string[][] = [];
    runtime.forgetAllExcept = (toolIds) => void kept.push([...toolIds]);
    const { queue, workspace } = queueOver(runtime);
    queue.toolsChanged();
    await queue.settled();
    const [removed, ...rest] = workspace.tools;
    workspace.tools = rest;
    queue.toolsChanged();
    expect(queue.compilations[removed!.id]).toBeUndefined();
    expect(kept).toEqual([rest.map((tool) => tool.id)]);
  });
});

describe('CompileQueue with a compile cache', () => {
  const cacheWith = (tools: readonly ToolSource[]) =>
    new CompileCache({
      build: 'test',
      precompiled: tools.map((tool) => ({
        language: typescriptLanguage,
        hash: sourcesHash(sourcesKey(tool.schemaSource, tool.codeSource)),
        verdict: { ok: true as const, parameters: { type: 'object' as const, properties: { from: { const: 'cache' } } } },
      })),
    });

  // Issue 30: every sample compiled at every start.
  it('compiles nothing for sources with a verdict on record, and shows them valid without "checking" in between', async () => {
    const { runtime, counts } = countingRuntime();
    const workspace = { tools: createDefaultWorkspace().tools };
    const queue = new CompileQueue({ runtime, tools: () => workspace.tools, cache: cacheWith(workspace.tools) });
    const statuses = new Set<string>();
    queue.subscribe(() => Object.values(queue.compilations).forEach((entry) => statuses.add(entry.status)));
    queue.toolsChanged();
    expect(Object.values(queue.compilations).map((entry) => entry.status)).toEqual(workspace.tools.map(() => 'valid'));
    await queue.settled();
    expect(counts.calls).toBe(0);
    expect([...statuses]).toEqual(['valid']);
  });

  it('compiles changed sources and keeps their verdict, so the next visit compiles nothing', async () => {
    const { runtime, counts } = countingRuntime();
    const workspace = { tools: createDefaultWorkspace().tools.slice(0, 2) };
    const kept: KeptCompile[] = [];
    const store = { load: async () => [...kept], save: async (entries: readonly KeptCompile[]) => void kept.push(...entries) };
    const cache = new CompileCache({ build: 'test', store });
    const queue = new CompileQueue({ runtime, tools: () => workspace.tools, cache });
    queue.toolsChanged();
    await queue.settled();
    await cache.saved();
    expect(counts.calls).toBe(2);

    const nextVisit = new CompileQueue({ runtime, tools: () => workspace.tools, cache: new CompileCache({ build: 'test', store }) });
    nextVisit.toolsChanged();
    await nextVisit.settled();
    expect(counts.calls).toBe(2);
    expect(Object.values(nextVisit.compilations).map((entry) => entry.status)).toEqual(['valid', 'valid']);
  });

  it('hands the runtime a tool whose verdict came from the cache when a run needs it, with its last good sources', async () => {
    const { runtime } = countingRuntime();
    const prepared: string[] = [];
    runtime.prepare = async (tool, parameters) => {
      prepared.push(`${tool.name}:${tool.codeSource.includes('// broken') ? 'edited' : 'saved'}`);
      return { ok: true, parameters };
    };
    runtime.compile = async () => ({ ok: false, kind: 'source', problems: [{ file: 'code', line: 1, column: 1, message: 'broken' }] });
    const workspace = { tools: createDefaultWorkspace().tools.slice(0, 2) };
    const queue = new CompileQueue({ runtime, tools: () => workspace.tools, cache: cacheWith(workspace.tools), editDelayMs: 0 });
    queue.toolsChanged();
    const [first, second] = workspace.tools;
    workspace.tools = [{ ...first!, codeSource: `${first!.codeSource}// broken` }, second!];
    queue.toolsChanged();
    await queue.ready([first!.id]);
    expect(prepared).toEqual([`${first!.name}:saved`]);
    expect(queue.compilations[first!.id]).toMatchObject({ status: 'errors', parameters: { properties: { from: { const: 'cache' } } } });
    // Ready again: the runtime holds it already.
    await queue.ready([first!.id]);
    expect(prepared).toHaveLength(1);
  });

  it('makes the tools with a verdict runnable for discovery without waiting for a compile in flight', async () => {
    const { runtime } = countingRuntime();
    const prepared: string[] = [];
    runtime.prepare = async (tool, parameters) => {
      prepared.push(tool.name);
      return { ok: true, parameters };
    };
    let finishCompile: () => void = () => {};
    runtime.compile = () => new Promise((resolve) => (finishCompile = () => resolve(valid)));
    const [sample, edited] = createDefaultWorkspace().tools;
    const tools = [sample!, { ...edited!, codeSource: `${edited!.codeSource}// edited` }];
    const queue = new CompileQueue({ runtime, tools: () => tools, cache: cacheWith([sample!]) });
    queue.toolsChanged();
    expect(queue.compilations[edited!.id]?.status).toBe('checking');
    await queue.readyNow();
    expect(prepared).toEqual([sample!.name]);
    finishCompile();
  });
});
