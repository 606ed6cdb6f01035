import { describe, expect, it } from 'vitest';
import { errorOf, VirtualClock, type Tool, type ToolCallEndEvent } from '../core/index.ts';
import { parseScenario } from '../llm/index.ts';
import { canaryScenario } from '../samples/scenarios/canary.ts';
import { sampleAsTool } from '../samples/evaluate-sample.test-support.ts';
import { sampleTools } from '../samples/tools/index.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';
import { prepareWorkspace } from '../workspace/scenario-preparation.ts';
import { versionRows } from '../workspace/saved-versions.ts';
import { createTestStore } from './in-process-store.test-support.ts';

// Issue 13.3: the canary scenario releases a real v2 of flaky_api (its code has the bug) through the
// versions feature, takes lookup_user's downstream down, offers the top 3 tools, and a Rollback during
// the run sends the later calls to v1. Every sample tool runs from its source, as in the sandbox.
function storeForCanary() {
  const clock = new VirtualClock();
  const prepare = parseScenario(canaryScenario.source);
  if (!prepare.ok) throw new Error('the canary scenario does not parse');
  const prepared = prepareWorkspace(createDefaultWorkspace(), prepare.scenario.prepare, new Date(0)).workspace;
  const tools: Record<string, Tool> = {};
  for (const sample of sampleTools) {
    const source = prepared.tools.find((tool) => tool.name === sample.name)!;
    tools[sample.name] = sampleAsTool({ ...sample, codeSource: source.codeSource, schemaSource: source.schemaSource });
    for (const frozen of source.versions ?? []) tools[`${sample.name}@${frozen.version}`] = sampleAsTool({ ...sample, ...frozen });
  }
  const store = createTestStore({ tools, clock });
  const scenario = store.getState().workspace.scenarios.find((candidate) => candidate.name === canaryScenario.name)!;
  store.getState().selectScenario(scenario.id);
  return { store, clock };
}

type Store = ReturnType<typeof storeForCanary>['store'];
const ends = (store: Store) =>
  (store.getState().run?.events ?? []).filter((event): event is ToolCallEndEvent => event.type === 'tool-call-end');
const servedBy = (list: ToolCallEndEvent[]) =>
  Object.fromEntries(list.map((end) => [end.toolCallId, `${end.result.version ?? '-'} ${end.result.status}`]));

describe('the canary scenario', () => {
  it('sets up v2 at 25% by call, an outage and top-3 discovery through the workspace', async () => {
    const { store } = storeForCanary();
    const done = store.getState().runScenario();
    const flaky = store.getState().workspace.tools.find((tool) => tool.name === 'flaky_api')!;
    expect(versionRows(flaky).map(({ version, role, traffic }) => [version, role, traffic])).toEqual([
      ['v1', 'stable', 0.75],
      ['v2', 'canary', 0.25],
    ]);
    expect(flaky.codeSource).toContain("input.item_id.split('-')[2]");
    expect(store.getState().workspace.settings).toMatchObject({ canaryRouting: 'call', toolSelection: { strategy: 'discover', limit: 3 } });
    expect(store.getState().workspace.tools.find((tool) => tool.name === 'lookup_user')?.faults).toMatchObject({
      enabled: true,
      unavailableRate: 1,
    });
    store.getState().stopRun();
    await done;
    expect(store.getState().conversation.running).toBe(false);
  });

  it('v2 fails every call it serves; Rollback in the pause sends the second batch to v1; lookup_user is unavailable', async () => {
    const { store, clock } = storeForCanary();
    const done = store.getState().runScenario();
    while (ends(store).length < 6) await clock.advance(50);
    expect(servedBy(ends(store))).toEqual({
      call_1: 'v1 success',
      call_2: 'v2 error',
      call_3: 'v1 success',
      call_4: 'v1 success',
      call_5: 'v2 error',
      call_6: 'v2 error',
    });
    expect(errorOf(ends(store).find((end) => end.toolCallId === 'call_2')?.result)?.message).toContain('cannot parse item id "sku-1002"');
    const flakyId = store.getState().workspace.tools.find((tool) => tool.name === 'flaky_api')!.id;
    expect(store.getState().rollbackTool(flakyId)).toBe(true);
    // The running executor took the step (a registry event), and the page says so.
    expect(store.getState().notices.map((notice) => notice.message)).toContain(
      'flaky_api in the running conversation: its later calls go to v1 100%.',
    );
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
    const later = ends(store).filter((end) => Number(end.toolCallId.slice(5)) >= 7);
    expect(servedBy(later.filter((end) => end.toolCallId !== 'call_13'))).toEqual(
      Object.fromEntries([7, 8, 9, 10, 11, 12].map((call) => [`call_${call}`, 'v1 success'])),
    );
    expect(errorOf(later.find((end) => end.toolCallId === 'call_13')?.result)?.kind).toBe('unavailable');
    // Discovery offered the top 3 healthy tools on each turn; lookup_user, down, was never among them.
    const offers = (store.getState().run?.events ?? []).flatMap((event) =>
      event.type === 'model-call-start' ? [event.offeredTools ?? []] : [],
    );
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer).toHaveLength(3);
      expect(offer).not.toContain('lookup_user');
    }
    expect(offers[0]).toContain('flaky_api');
  });

  it('without a Rollback, call_9 and call_12 of the second batch go to v2 too', async () => {
    const { store, clock } = storeForCanary();
    const done = store.getState().runScenario();
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
    const v2 = ends(store)
      .filter((end) => end.result.version === 'v2')
      .map((end) => end.toolCallId);
    expect(v2).toEqual(expect.arrayContaining(['call_2', 'call_5', 'call_6', 'call_9', 'call_12']));
    expect(v2).toHaveLength(5);
  });

  it('Compare runs its variants on the workspace the scenario sets up: v2 serves its share there too', async () => {
    const { store } = storeForCanary();
    await store.getState().runComparison(['current']);
    const flaky = store.getState().workspace.tools.find((tool) => tool.name === 'flaky_api')!;
    expect(versionRows(flaky).map(({ version, traffic }) => [version, traffic])).toEqual([
      ['v1', 0.75],
      ['v2', 0.25],
    ]);
    const events = store.getState().comparison.entries[0]?.result?.events ?? [];
    const served = events.filter((event): event is ToolCallEndEvent => event.type === 'tool-call-end').map((end) => end.result.version);
    expect(served).toContain('v2');
  });
});
