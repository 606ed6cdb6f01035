import { describe, expect, it } from 'vitest';
import { createTestStore } from './in-process-store.test-support.ts';
import { schemaCompiled } from '../session/index.ts';
import type { CompileResult, ToolRuntime } from '../session/runtime/tool-runtime.ts';
import { InProcessToolRuntime } from '../session/runtime/in-process-tool-runtime.test-support.ts';
import { createAppStore } from './create-app-store.ts';
import { createApiKeyStore } from '../llm/index.ts';
import { RealClock } from '../core/index.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';

/** A runtime whose first compiles fail the way a starved sandbox does. */
function flakySandbox(failures: number): ToolRuntime & { calls: number } {
  const inner = new InProcessToolRuntime({});
  const runtime = {
    calls: 0,
    async compile(): Promise<CompileResult> {
      runtime.calls++;
      if (runtime.calls <= failures)
        return {
          ok: false,
          kind: 'sandbox',
          problems: [{ file: 'schema', line: 1, column: 1, message: 'The sandbox stopped responding; it has been restarted' }],
        };
      return { ok: true, parameters: { type: 'object', properties: {} } };
    },
    toCoreTool: inner.toCoreTool.bind(inner),
  };
  return runtime;
}

const storeWith = (runtime: ToolRuntime, editDelayMs?: number) =>
  createAppStore({
    workspace: { ...createDefaultWorkspace(), tools: createDefaultWorkspace().tools.slice(0, 1) },
    runtime,
    apiKeys: createApiKeyStore(),
    createClock: () => new RealClock(),
    ...(editDelayMs === undefined ? {} : { editDelayMs }),
  });

describe('compilation slice', () => {
  it('shows each tool as checking, then its verdict, as the session compiles it on its own', async () => {
    const store = createTestStore({ tools: {} });
    const toolId = store.getState().workspace.tools[0]!.id;
    // Compiling started with the store: nobody had to ask.
    expect(store.getState().compilations[toolId]?.status).toBe('checking');
    await store.getState().compileTool(toolId);
    expect(store.getState().compilations[toolId]).toMatchObject({ status: 'errors', compiledSources: expect.any(String) });
  });

  it('shows a sandbox failure, tried twice, without remembering it; the next run compiles again', async () => {
    const runtime = flakySandbox(2);
    const store = storeWith(runtime);
    const toolId = store.getState().workspace.tools[0]!.id;
    await store.getState().compileTool(toolId);
    expect(runtime.calls).toBe(2);
    expect(store.getState().compilations[toolId]).toMatchObject({ status: 'errors', compiledSources: null });
    await store.getState().compileEnabledTools();
    expect(store.getState().compilations[toolId]?.status).toBe('valid');
  });

  it('compiles a new tool at once and an edited one after the typing pauses', async () => {
    const runtime = flakySandbox(0);
    const store = storeWith(runtime, 30);
    await store.getState().compileEnabledTools();
    const toolId = store.getState().addTool();
    expect(store.getState().compilations[toolId]?.status).toBe('checking');
    await store.getState().compileTool(toolId);
    const calls = runtime.calls;
    store.getState().updateTool(toolId, { codeSource: '// typing' });
    store.getState().updateTool(toolId, { codeSource: '// typing on' });
    expect(runtime.calls).toBe(calls);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(runtime.calls).toBe(calls + 1);
    expect(store.getState().compilations[toolId]?.compiledSources).toContain('// typing on');
  });
});

describe('schemaCompiled', () => {
  it('is true only once the schema on screen has compiled: the parameters before that are the previous schema', async () => {
    const store = createTestStore();
    const tool = store.getState().workspace.tools[0]!;
    await store.getState().compileTool(tool.id);
    expect(schemaCompiled(store.getState().compilations[tool.id], tool.schemaSource)).toBe(true);

    const edited = `${tool.schemaSource}\n// one more line`;
    store.getState().updateTool(tool.id, { schemaSource: edited });
    expect(schemaCompiled(store.getState().compilations[tool.id], edited)).toBe(false);
    await store.getState().compileTool(tool.id);
    expect(schemaCompiled(store.getState().compilations[tool.id], edited)).toBe(true);

    // An edit of the code alone leaves the schema's parameters current.
    store.getState().updateTool(tool.id, { codeSource: `${tool.codeSource}\n// note` });
    expect(schemaCompiled(store.getState().compilations[tool.id], edited)).toBe(true);
  });
});
