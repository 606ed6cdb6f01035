import { describe, expect, it } from 'vitest';
import { RealClock } from '../core/index.ts';
import { canaryScenario } from '../samples/scenarios/canary.ts';
import { mixedLanguagesScenario } from '../samples/scenarios/mixed-languages.ts';
import { pythonStandIns } from '../samples/python-stand-ins.test-support.ts';
import { flakyApi } from '../samples/tools/flaky-api.ts';
import { lookupUser } from '../samples/tools/lookup-user.ts';
import { defaultRunSettings, toolSourceFromSample } from '../workspace/default-workspace.ts';
import { WORKSPACE_VERSION, type Workspace } from '../workspace/workspace-schema.ts';
import { executorFor } from './executor-for.ts';
import { flakyApiVersion1, flakyApiVersion2 } from './in-process-tools.test-support.ts';
import { runWorkspace } from './lesson-setup.ts';
import { InProcessToolRuntime } from './runtime/in-process-tool-runtime.test-support.ts';
import type { WorkspaceView } from './workspace-view.ts';

const flaky = toolSourceFromSample(flakyApi);
const lookup = toolSourceFromSample(lookupUser);
const workspace: Workspace = { version: WORKSPACE_VERSION, tools: [flaky, lookup], scenarios: [], settings: defaultRunSettings };
const compiled = { status: 'valid' as const, problems: [], parameters: flakyApiVersion1.parameters, compiledSources: null };
const view: WorkspaceView = { workspace, compilations: { [flaky.id]: compiled, [lookup.id]: compiled } };
// The person's flaky_api is v1; the lesson's v2 and the v1 it freezes are versions of their own.
const runtime = () =>
  new InProcessToolRuntime({ flaky_api: flakyApiVersion1, 'flaky_api@v1': flakyApiVersion1, 'flaky_api@v2': flakyApiVersion2 });

describe("runWorkspace (a lesson's setup, for its run only)", () => {
  it("is the person's workspace itself when the scenario sets nothing up", async () => {
    const people = runtime();
    const run = await runWorkspace(people, view, JSON.stringify({ turns: [{ text: 'hi' }] }), new Date(0));
    expect(run).toEqual({ view, runtime: people, lesson: null });
    expect(run.view).toBe(view);
  });

  it("gives the run the lesson's versions and outage, and leaves the person's workspace as it was", async () => {
    const before = structuredClone(workspace);
    const run = await runWorkspace(runtime(), view, canaryScenario.source, new Date(0));
    expect(workspace).toEqual(before);
    expect(run.lesson?.changes).toHaveLength(4);
    expect(run.lesson?.tools.map((tool) => tool.name)).toEqual(['flaky_api', 'lookup_user']);
    expect(run.view.workspace.settings).toMatchObject({ canaryRouting: 'call', toolSelection: { strategy: 'discover', limit: 3 } });
    const { executor } = await executorFor(run.runtime, { view: run.view, settings: run.view.workspace.settings, clock: new RealClock() });
    expect(executor.getVersions('flaky_api').map(({ version, traffic }) => [version, traffic])).toEqual([
      ['v1', 0.75],
      ['v2', 0.25],
    ]);
    // The v2 the run serves is the lesson's (it fails: "v2 regression"), not the person's copy labelled v2.
    const calls = Array.from({ length: 12 }, (_, index) => ({ id: `call_${index}`, name: 'flaky_api', arguments: { item_id: 'sku-1' } }));
    const results = await executor.executeBatch(calls);
    const byVersion = (version: string) => results.filter((result) => result.version === version).map((result) => result.status);
    expect(byVersion('v2').length).toBeGreaterThan(0);
    expect(new Set(byVersion('v2'))).toEqual(new Set(['error']));
    expect(new Set(byVersion('v1'))).toEqual(new Set(['success']));
  });

  it("compiles an added Python sample for the run only, beside the person's tools, and runs it", async () => {
    const before = structuredClone(workspace);
    const withPython = new InProcessToolRuntime({ flaky_api: flakyApiVersion1, 'rate_limited@v1': pythonStandIns[0]! });
    const preparing: (string | null)[] = [];
    const run = await runWorkspace(withPython, view, mixedLanguagesScenario.source, new Date(0), (status) => preparing.push(status));
    expect(workspace).toEqual(before);
    // What the person reads while the run waits for Python, and that the wait ends.
    expect(preparing).toEqual(['Loading Python for rate_limited…', "Starting Python interpreters for rate_limited's calls…", null]);
    expect(run.lesson).toMatchObject({ changes: ['the Python sample rate_limited is added'], problems: [] });
    const added = run.view.workspace.tools.find((tool) => tool.name === 'rate_limited')!;
    expect(run.view.compilations[added.id]?.status).toBe('valid');
    const { executor } = await executorFor(run.runtime, { view: run.view, settings: run.view.workspace.settings, clock: new RealClock() });
    const [result] = await executor.executeBatch([{ name: 'rate_limited', arguments: { query: 'trains' } }]);
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'success', attempts: 2 });
    // An added sample has no versions: its calls are not labelled "v1" (a tool without versions has no label).
    expect(result?.version).toBeUndefined();
  });

  it('leaves a lesson version that does not compile out of the run, and says so', async () => {
    const missingV2 = new InProcessToolRuntime({ flaky_api: flakyApiVersion1, 'flaky_api@v1': flakyApiVersion1 });
    const run = await runWorkspace(missingV2, view, canaryScenario.source, new Date(0));
    expect(run.lesson?.problems).toEqual([
      expect.stringMatching(/^flaky_api v2 does not compile \(no in-process tool named flaky_api@v2\)/),
    ]);
  });
});
