import { describe, expect, it } from 'vitest';
import { createTestStore } from './test-store.ts';
import type { CompileResult, ToolRuntime } from '../session/runtime/tool-runtime.ts';
import { InProcessToolRuntime } from '../session/runtime/in-process-tool-runtime.ts';
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
});
