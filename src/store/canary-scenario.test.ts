import { describe, expect, it } from 'vitest';
import { errorOf, VirtualClock, type Tool, type ToolCallEndEvent } from '../core/index.ts';
import { parseScenario } from '../llm/index.ts';
import { canaryScenario } from '../samples/scenarios/canary.ts';
import { invalidArgumentsScenario } from '../samples/scenarios/invalid-arguments.ts';
import { sampleAsTool } from '../samples/evaluate-sample.test-support.ts';
import { sampleTools } from '../samples/tools/index.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';
import { prepareWorkspace } from '../workspace/scenario-preparation.ts';
import { versionRows } from '../workspace/saved-versions.ts';
import { selectRunVersionsTool } from './selectors.ts';
import { createTestStore } from './in-process-store.test-support.ts';

// Issue 13.3: the canary scenario releases a real v2 of flaky_api (its code has the bug) through the
// versions feature, takes lookup_user's downstream down, offers the top 3 tools, and a Rollback during
// the run sends the later calls to v1. Every sample tool runs from its source, as in the sandbox.
function storeForCanary() {
  const clock = new VirtualClock();
  const prepare = parseScenario(canaryScenario.source);
  if (!prepare.ok) throw new Error('the canary scenario does not parse');
  const prepared = prepareWorkspace(createDefaultWorkspace(), prepare.scenario.prepare, new Date(0)).workspace;
  // The person's tools run their own sources; the lesson's v2 (and the v1 it freezes) run as versions of their own.
  const tools: Record<string, Tool> = {};
  for (const sample of sampleTools) {
    const source = prepared.tools.find((tool) => tool.name === sample.name)!;
    tools[sample.name] = sampleAsTool(sample);
    if (source.version)
      tools[`${sample.name}@${source.version}`] = sampleAsTool({
        ...sample,
        codeSource: source.codeSource,
        schemaSource: source.schemaSource,
      });
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
  it("sets up v2 at 25% by call, an outage and top-3 discovery for its run only: the Versions tab shows the run's versions", async () => {
    const { store, clock } = storeForCanary();
    const before = store.getState().workspace;
    const done = store.getState().runScenario();
    while (!store.getState().lessonRun) await clock.advance(10);
    const lesson = store.getState().lessonRun!;
    const flaky = lesson.tools.find((tool) => tool.name === 'flaky_api')!;
    expect(versionRows(flaky).map(({ version, role, traffic }) => [version, role, traffic])).toEqual([
      ['v1', 'stable', 0.75],
      ['v2', 'canary', 0.25],
    ]);
    expect(flaky.codeSource).toContain("input.item_id.split('-')[2]");
    expect(lesson.settings).toMatchObject({ canaryRouting: 'call', toolSelection: { strategy: 'discover', limit: 3 } });
    expect(lesson.tools.find((tool) => tool.name === 'lookup_user')?.faults).toMatchObject({ enabled: true, unavailableRate: 1 });
    store.getState().selectTool(flaky.id);
    expect(selectRunVersionsTool(store.getState())).toBe(flaky);
    // The person's workspace never had any of it.
    expect(store.getState().workspace).toBe(before);
    store.getState().stopRun();
    await done;
    expect(store.getState().conversation.running).toBe(false);
    expect(store.getState().lessonRun).toBeNull();
    expect(store.getState().workspace).toBe(before);
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

  it('Compare runs its variants on the workspace the scenario sets up, for the Compare only: v2 serves its share there', async () => {
    const { store } = storeForCanary();
    const before = store.getState().workspace;
    await store.getState().runComparison(['current']);
    expect(store.getState().workspace).toBe(before);
    const events = store.getState().comparison.entries[0]?.result?.events ?? [];
    const served = events.filter((event): event is ToolCallEndEvent => event.type === 'tool-call-end').map((end) => end.result.version);
    expect(served).toContain('v2');
  });
});

// Issue 24, defect 3: after the Canary scenario, v2 stayed deployed and lookup_user unhealthy for good, and
// the next lessons taught the wrong thing (Invalid arguments showed lookup_user unavailable).
describe('the canary scenario leaves the workspace as it was', () => {
  async function runToEnd(store: Store, clock: VirtualClock) {
    const done = store.getState().runScenario();
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
  }

  it('when the run finishes: the same workspace, health as before, and "Keep v2" offered', async () => {
    const { store, clock } = storeForCanary();
    const before = structuredClone(store.getState().workspace);
    await runToEnd(store, clock);
    expect(store.getState().workspace).toEqual(before);
    expect(store.getState().health).toEqual({});
    const offer = store.getState().notices.find((notice) => notice.action?.label === 'Keep v2');
    expect(offer?.message).toContain('none of it stays in your workspace');
  });

  it('when Rollback was pressed during the run: it acted on the run, not on the workspace', async () => {
    const { store, clock } = storeForCanary();
    const before = structuredClone(store.getState().workspace);
    const done = store.getState().runScenario();
    while (ends(store).length < 6) await clock.advance(50);
    const flakyId = before.tools.find((tool) => tool.name === 'flaky_api')!.id;
    expect(store.getState().rollbackTool(flakyId)).toBe(true);
    expect(versionRows(store.getState().lessonRun!.tools.find((tool) => tool.id === flakyId)!).map((row) => row.traffic)).toEqual([1, 0]);
    while (store.getState().conversation.running) await clock.runUntilIdle();
    await done;
    expect(store.getState().workspace).toEqual(before);
  });

  it('the next scenario, Invalid arguments, gets invalid_arguments for lookup_user, not unavailable', async () => {
    const { store, clock } = storeForCanary();
    await runToEnd(store, clock);
    const invalid = store.getState().workspace.scenarios.find((candidate) => candidate.name === invalidArgumentsScenario.name)!;
    store.getState().selectScenario(invalid.id);
    await runToEnd(store, clock);
    const lookups = ends(store).filter((end) => end.name === 'lookup_user');
    expect(lookups.map((end) => errorOf(end.result)?.kind ?? 'success')).toContain('invalid_arguments');
    expect(lookups.map((end) => errorOf(end.result)?.kind)).not.toContain('unavailable');
  });

  it("Keep v2 makes the released version the person's own, as the run left it", async () => {
    const { store, clock } = storeForCanary();
    await runToEnd(store, clock);
    // Offered in the notice and, until the next lesson run, in flaky_api's Versions tab.
    expect(store.getState().lessonOffer?.tools.map((tool) => tool.name)).toEqual(['flaky_api']);
    const keep = store.getState().notices.find((notice) => notice.action?.label === 'Keep v2')?.action;
    keep?.run();
    expect(store.getState().lessonOffer).toBeNull();
    expect(store.getState().notices.some((notice) => notice.action?.label === 'Keep v2')).toBe(false);
    const flaky = store.getState().workspace.tools.find((tool) => tool.name === 'flaky_api')!;
    expect(versionRows(flaky).map(({ version, role, traffic }) => [version, role, traffic])).toEqual([
      ['v1', 'stable', 0.75],
      ['v2', 'canary', 0.25],
    ]);
    // Only the version: the outage and the run settings were the lesson's.
    expect(store.getState().workspace.tools.find((tool) => tool.name === 'lookup_user')?.faults).toBeUndefined();
    expect(store.getState().workspace.settings.canaryRouting).toBeUndefined();
  });

  it('an imported workspace withdraws the offer: Keep v2 is no longer shown, and nothing of the lesson reaches it', async () => {
    const { store, clock } = storeForCanary();
    await runToEnd(store, clock);
    const imported = structuredClone(store.getState().workspace);
    store.getState().replaceWorkspace(imported);
    expect(store.getState().lessonOffer).toBeNull();
    expect(store.getState().notices.some((notice) => notice.action?.label === 'Keep v2')).toBe(false);
    expect(store.getState().workspace).toEqual(imported);
  });
});
