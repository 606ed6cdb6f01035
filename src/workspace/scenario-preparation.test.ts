import { describe, expect, it } from 'vitest';
import { createDefaultWorkspace } from './default-workspace.ts';
import { addedSampleId, prepareWorkspace } from './scenario-preparation.ts';
import { versionRows } from './saved-versions.ts';

const release = {
  tool: 'flaky_api',
  change: { find: 'const number = Number(input.item_id.slice(4));', replace: 'const number = 0;' },
  traffic: 0.1,
};
const flakyOf = (workspace: ReturnType<typeof createDefaultWorkspace>) => workspace.tools.find((tool) => tool.name === 'flaky_api')!;

describe('prepareWorkspace', () => {
  it('adds a Python sample the workspace lacks, for the run, as New Python tool would; a tool of that name is kept as it is', () => {
    const workspace = createDefaultWorkspace();
    const before = structuredClone(workspace);
    const result = prepareWorkspace(workspace, { addSampleTools: ['rate_limited', 'get_weather', 'no_such_sample'] }, new Date(0));
    expect(workspace).toEqual(before);
    const added = result.workspace.tools.filter((tool) => !workspace.tools.includes(tool));
    expect(added).toMatchObject([{ id: addedSampleId('rate_limited'), name: 'rate_limited', language: 'python', enabled: true }]);
    expect(added[0]?.codeSource).toContain('raise TransientError');
    // The TypeScript get_weather of the workspace is the one the scenario calls.
    expect(result.workspace.tools.filter((tool) => tool.name === 'get_weather')).toHaveLength(1);
    expect(result.changes).toEqual(['the Python sample rate_limited is added']);
    expect(result.problems).toEqual(['The scenario adds a sample tool named no_such_sample, which is not one of the samples.']);
  });

  it('releases the changed code as the next version at its share, once', () => {
    const first = prepareWorkspace(createDefaultWorkspace(), { release }, new Date(0));
    expect(first.changes).toEqual(['flaky_api v2 (its code changed) is a canary at 10% of the calls']);
    expect(flakyOf(first.workspace).codeSource).toContain('const number = 0;');
    expect(flakyOf(first.workspace).versions?.[0]?.codeSource).toContain('Number(input.item_id.slice(4))');
    // A second run leaves the tool's versions to the user: a Rollback stays rolled back.
    const again = prepareWorkspace(first.workspace, { release }, new Date(0));
    expect(again).toEqual({ workspace: first.workspace, changes: [], problems: [] });
    expect(versionRows(flakyOf(again.workspace)).map((row) => row.traffic)).toEqual([0.9, 0.1]);
  });

  it('says so, and changes nothing, when the code to change is not there or the tool is missing', () => {
    const workspace = createDefaultWorkspace();
    const edited = {
      ...workspace,
      tools: workspace.tools.map((tool) => (tool.name === 'flaky_api' ? { ...tool, codeSource: 'mine' } : tool)),
    };
    const result = prepareWorkspace(edited, { release, outage: ['no_such_tool'] }, new Date(0));
    expect(result.workspace).toBe(edited);
    expect(result.problems).toEqual([
      'The scenario needs a tool named no_such_tool, which this workspace does not have.',
      "flaky_api's code has changed, so its next version could not be made as the scenario asks; it is left as it is.",
    ]);
  });

  it('an outage is a fault of 503 on every request; discovery and routing are run settings', () => {
    const result = prepareWorkspace(
      createDefaultWorkspace(),
      { outage: ['lookup_user'], discover: 3, release: { ...release, routing: 'call' } },
      new Date(0),
    );
    expect(result.workspace.tools.find((tool) => tool.name === 'lookup_user')?.faults).toMatchObject({
      enabled: true,
      unavailableRate: 1,
      transientRate: 0,
    });
    expect(result.workspace.settings).toMatchObject({ canaryRouting: 'call', toolSelection: { strategy: 'discover', limit: 3 } });
    expect(result.changes).toHaveLength(4);
  });
});
