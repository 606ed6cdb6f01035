import { describe, expect, it } from 'vitest';
import { RealClock, defineTool, type Tool, modelFacingPayload } from '../core/index.ts';
import { z } from 'zod';
import type { RemoteToolView } from './workspace-view.ts';
import { flakyApiVersion1, flakyApiVersion2 } from './in-process-tools.test-support.ts';
import { toolSourceFromSample } from '../workspace/default-workspace.ts';
import { setVersionTraffic, startNewVersion } from '../workspace/saved-versions.ts';
import { WORKSPACE_VERSION, type Workspace } from '../workspace/workspace-schema.ts';
import { defaultRunSettings } from '../workspace/default-workspace.ts';
import { flakyApi } from '../samples/tools/flaky-api.ts';
import { executorFor, type ExecutorRequest } from './executor-for.ts';
import { InProcessToolRuntime } from './runtime/in-process-tool-runtime.test-support.ts';

const canaryTool = setVersionTraffic(startNewVersion(toolSourceFromSample(flakyApi), new Date(0)), 'v2', 0.1)!;
const workspace: Workspace = { version: WORKSPACE_VERSION, tools: [canaryTool], scenarios: [], settings: defaultRunSettings };
const compilations = {
  [canaryTool.id]: { status: 'valid' as const, problems: [], parameters: flakyApiVersion2.parameters, compiledSources: null },
};
const request: ExecutorRequest = { view: { workspace, compilations }, settings: defaultRunSettings, clock: new RealClock() };

/** The in-process runtime, whose frozen-version compile fails (or throws) the first `failures` times. */
function runtimeFailing(failures: number, how: 'throw' | 'problem' | 'source') {
  const runtime = new InProcessToolRuntime({ flaky_api: flakyApiVersion2, 'flaky_api@v1': flakyApiVersion1 });
  const compileVersion = runtime.compileVersion.bind(runtime);
  let calls = 0;
  runtime.compileVersion = async (tool, version) => {
    if (calls++ >= failures) return compileVersion(tool, version);
    if (how === 'throw') throw new Error('frame gone');
    if (how === 'source')
      return { ok: false, kind: 'source', problems: [{ file: 'code', line: 2, column: 1, message: 'x is not defined' }] };
    return { ok: false, kind: 'sandbox', problems: [{ file: 'code', line: 1, column: 1, message: 'The sandbox stopped responding' }] };
  };
  return runtime;
}

describe('executorFor', () => {
  it('registers the frozen version as stable and deploys the editors version as the canary with its share', async () => {
    const { executor, warnings } = await executorFor(runtimeFailing(0, 'problem'), request);
    expect(executor.getVersions('flaky_api').map(({ version, traffic, role }) => [version, traffic, role])).toEqual([
      ['v1', 0.9, 'stable'],
      ['v2', 0.1, 'canary'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('gives a frozen version that fails to compile (a sandbox restart, or a throw) one more try', async () => {
    for (const how of ['throw', 'problem'] as const) {
      const { executor, warnings } = await executorFor(runtimeFailing(1, how), request);
      expect(executor.getVersions('flaky_api')).toHaveLength(2);
      expect(warnings).toEqual([]);
    }
  });

  it('does not try again a frozen version whose sources fail: that is the verdict on them', async () => {
    const runtime = runtimeFailing(1, 'source');
    const { executor, warnings } = await executorFor(runtime, request);
    expect(executor.getVersions('flaky_api').map((info) => info.version)).toEqual(['v2']);
    expect(warnings).toEqual([expect.stringMatching(/^flaky_api v1 does not compile \(x is not defined\); v2 serves every call\.$/)]);
  });

  it('runs the editors version alone, and says so, when the frozen one keeps failing', async () => {
    const { executor, warnings } = await executorFor(runtimeFailing(2, 'throw'), request);
    expect(executor.getVersions('flaky_api').map((info) => info.version)).toEqual(['v2']);
    expect(warnings).toEqual([
      expect.stringMatching(/^flaky_api v1 does not compile \(The sandbox failed: frame gone\); v2 serves every call\.$/),
    ]);
  });

  it('runs the last good version of a tool whose editors have an error, and says where the error is', async () => {
    const problems = [{ file: 'code' as const, line: 3, column: 5, message: "')' expected." }];
    const broken = {
      ...request,
      view: { workspace, compilations: { [canaryTool.id]: { ...compilations[canaryTool.id]!, status: 'errors' as const, problems } } },
    };
    const { executor, warnings } = await executorFor(runtimeFailing(0, 'problem'), broken);
    expect(executor.getDefinitions().map((definition) => definition.name)).toEqual(['flaky_api']);
    expect(warnings).toEqual(['flaky_api runs its last good version in this run: Code has an error at 3:5.']);
    // A test call asked for it by name (Run last good version): nothing to warn about.
    expect((await executorFor(runtimeFailing(0, 'problem'), { ...broken, onlyToolId: canaryTool.id })).warnings).toEqual([]);
  });

  describe("MCP servers' tools", () => {
    const remote = (name: string, overrides: Partial<RemoteToolView> = {}): RemoteToolView => ({
      id: `mcp:s:${name}`,
      tool: defineTool({ name, description: name, schema: z.object({}), execute: () => `${name} ran` }) as Tool,
      problem: null,
      enabled: true,
      argumentsText: '{}',
      source: 'MCP server sample',
      ...overrides,
    });

    it('are registered beside the workspace tools, filed under their own ids', async () => {
      const view = { ...request.view, remoteTools: [remote('lookup_city'), remote('off', { enabled: false })] };
      const { executor, toolIds } = await executorFor(runtimeFailing(0, 'problem'), { ...request, view });
      expect(
        executor
          .getDefinitions()
          .map((definition) => definition.name)
          .sort(),
      ).toEqual(['flaky_api', 'lookup_city']);
      expect(toolIds.get('lookup_city')).toBe('mcp:s:lookup_city');
      expect(modelFacingPayload(await executor.execute({ id: 'c', name: 'lookup_city', arguments: {} }))).toBe('lookup_city ran');
    });

    it('give way to a workspace tool of the same name, with a warning', async () => {
      const view = { ...request.view, remoteTools: [remote('flaky_api')] };
      const { toolIds, warnings } = await executorFor(runtimeFailing(0, 'problem'), { ...request, view });
      expect(toolIds.get('flaky_api')).toBe(canaryTool.id);
      expect(warnings).toEqual(['MCP server sample has a tool named "flaky_api" too: only the first one is in this run.']);
    });

    it('run alone, enabled or not, in a test call; one that cannot run says why', async () => {
      const view = {
        ...request.view,
        remoteTools: [remote('off', { enabled: false }), remote('broken', { tool: null, problem: 'inputSchema is not valid JSON Schema' })],
      };
      const alone = await executorFor(runtimeFailing(0, 'problem'), { ...request, view, onlyToolId: 'mcp:s:off' });
      expect([...alone.toolIds.keys()]).toEqual(['off']);
      const broken = await executorFor(runtimeFailing(0, 'problem'), { ...request, view, onlyToolId: 'mcp:s:broken' });
      expect(broken.warnings).toEqual(['This tool cannot run: inputSchema is not valid JSON Schema.']);
    });
  });
});
