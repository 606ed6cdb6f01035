import { describe, expect, it } from 'vitest';
import { createTestStore } from './in-process-store.test-support.ts';
import { schemaCompiled } from './compilation-slice.ts';
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
          problems: [
            {
              file: 'schema',
              line: 1,
              column: 1,
              message: 'The sandbox stopped responding (it did not answer for 1002 ms); it has been restarted',
            },
          ],
        };
      return { ok: true, parameters: { type: 'object', properties: {} } };
    },
    toCoreTool: inner.toCoreTool.bind(inner),
  };
  return runtime;
}

const storeWith = (runtime: ToolRuntime) =>
  createAppStore({
    workspace: createDefaultWorkspace(),
    runtime,
    apiKeys: createApiKeyStore(),
    createClock: () => new RealClock(),
  });

describe('compilation slice', () => {
  it('reports a source error and remembers it for these sources', async () => {
    const store = createTestStore({ tools: {} });
    const toolId = store.getState().workspace.tools[0]!.id;
    await store.getState().compileTool(toolId);
    expect(store.getState().compilations[toolId]).toMatchObject({ status: 'errors', compiledSources: expect.any(String) });
  });

  it('tries once more when the sandbox, not the source, failed', async () => {
    const runtime = flakySandbox(1);
    const store = storeWith(runtime);
    const toolId = store.getState().workspace.tools[0]!.id;
    await store.getState().compileTool(toolId);
    expect(runtime.calls).toBe(2);
    expect(store.getState().compilations[toolId]?.status).toBe('valid');
  });

  it('does not remember a sandbox failure as the verdict on the sources', async () => {
    const runtime = flakySandbox(2);
    const store = storeWith(runtime);
    const toolId = store.getState().workspace.tools[0]!.id;
    await store.getState().compileTool(toolId);
    expect(store.getState().compilations[toolId]).toMatchObject({ status: 'errors', compiledSources: null });
    await store.getState().compileTool(toolId);
    expect(store.getState().compilations[toolId]?.status).toBe('valid');
  });

  // Issue 15: the sandbox batches compiles that arrive together, so the store must not send them one by one.
  it('compiles the tools side by side, but one tool never twice at once', async () => {
    const running = new Map<string, number>();
    let mostAtOnce = 0;
    let mostOfOneTool = 0;
    const inner = new InProcessToolRuntime({});
    const runtime: ToolRuntime = {
      async compile(tool) {
        running.set(tool.id, (running.get(tool.id) ?? 0) + 1);
        mostOfOneTool = Math.max(mostOfOneTool, running.get(tool.id) as number);
        mostAtOnce = Math.max(
          mostAtOnce,
          [...running.values()].reduce((sum, count) => sum + count, 0),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
        running.set(tool.id, (running.get(tool.id) as number) - 1);
        return { ok: true, parameters: { type: 'object', properties: {} } };
      },
      toCoreTool: inner.toCoreTool.bind(inner),
    };
    const store = storeWith(runtime);
    const tools = store.getState().workspace.tools;
    const first = tools[0]!;
    const all = Promise.all(tools.map((tool) => store.getState().compileTool(tool.id)));
    // An edit while the first compile runs: compiled again, after it.
    store.getState().updateTool(first.id, { codeSource: `${first.codeSource}\n// edited\n` });
    const again = store.getState().compileTool(first.id);
    await Promise.all([all, again]);
    expect(mostAtOnce).toBe(tools.length);
    expect(mostOfOneTool).toBe(1);
    expect(store.getState().compilations[first.id]).toMatchObject({
      status: 'valid',
      compiledSources: expect.stringContaining('// edited'),
    });
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
