import { describe, expect, it } from 'vitest';
import type { AgentRunEvent } from '../agent/agent-types.ts';
import type { ErrorKind, ToolCallResult } from '../core/index.ts';
import { sinceChapterStart, tourChapters } from '../tour/index.ts';
import { tourViewOf, type TourViewSource } from './build-tour-view.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';

const workspace = createDefaultWorkspace();

function result(name: string, status: 'success' | 'error', kind?: ErrorKind, attempts = 1): ToolCallResult {
  return {
    toolCallId: `${name}-${Math.random()}`,
    name,
    ...(status === 'success'
      ? { status, result: null }
      : { status, error: { kind: kind ?? 'execution_error', message: kind ?? 'failed', retryable: false } }),
    attempts,
    queuedAt: 0,
    startedAt: 0,
    endedAt: 1,
    durationMs: 1,
    logs: [],
    attemptsDetail: [],
  };
}

const end = (call: ToolCallResult): AgentRunEvent => ({
  type: 'tool-call-end',
  time: 1,
  toolCallId: call.toolCallId,
  name: call.name,
  result: call,
});
const start = (concurrency: number): AgentRunEvent => ({
  type: 'tool-call-start',
  time: 0,
  toolCallId: `c${concurrency}`,
  name: 'slow_report',
  concurrency,
});

function source(scenarioName: string | null, events: AgentRunEvent[], patch: Partial<TourViewSource> = {}): TourViewSource {
  const scenario = workspace.scenarios.find((candidate) => candidate.name === scenarioName);
  return {
    editorTab: 'code',
    timelineTab: 'timeline',
    viewOpenings: {},
    run: events.length > 0 ? { id: 1, kind: 'agent', events, version: events.length } : null,
    // A scenario run opens with the scenario's name as the user message.
    conversation: {
      id: 'c',
      messages: scenarioName ? [{ role: 'user', content: scenarioName }] : [],
      offeredTools: {},
      running: false,
      callStatus: {},
      outcome: null,
      error: null,
    },
    testCalls: {},
    workspace,
    selectedScenarioId: scenario?.id ?? null,
    ...patch,
  };
}

const chapter = (id: string) => {
  const found = tourChapters.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no chapter ${id}`);
  return found;
};
/** Whether the chapter passes on `from`, when it began on `began` (by default: no run, nothing opened). */
const passes = (id: string, from: TourViewSource, began: TourViewSource = source(null, [])) =>
  chapter(id).tryIt.check(sinceChapterStart(tourViewOf(from), tourViewOf(began)));

describe('tourViewOf', () => {
  it('summarizes the ended calls, retries, peak concurrency and late settles of the run', () => {
    const events: AgentRunEvent[] = [
      start(1),
      start(3),
      start(2),
      { type: 'retry-scheduled', time: 1, toolCallId: 'a', name: 'flaky_api', attempt: 1, delayMs: 300, reason: '503', retryAfterMs: 300 },
      { type: 'attempt-late-settle', time: 2, toolCallId: 'b', name: 'stubborn_task', attempt: 1, outcome: 'success' },
      end(result('flaky_api', 'success', undefined, 2)),
    ];
    const view = tourViewOf(source(null, events));
    expect(view).toMatchObject({
      playedScenarioName: null,
      runKind: 'agent',
      running: false,
      peakConcurrency: 3,
      retriesScheduled: 1,
      retryAfterHonoured: 1,
      lateSettles: 1,
    });
    expect(view.calls).toEqual([{ name: 'flaky_api', status: 'success', kind: null, attempts: 2, version: null }]);
    // Nothing selected: Run scenario plays the first scenario, and the view names it.
    expect(view.selectedScenarioName).toBe(workspace.scenarios[0]?.name);
  });
});

describe('chapter checks', () => {
  it('has ten chapters with unique ids and scenarios that exist', () => {
    expect(tourChapters).toHaveLength(10);
    expect(new Set(tourChapters.map((candidate) => candidate.id)).size).toBe(10);
    for (const { scenarioName } of tourChapters)
      if (scenarioName) expect(workspace.scenarios.map((scenario) => scenario.name)).toContain(scenarioName);
  });

  it('pass only on what each try-it step produces', () => {
    const unknown = chapter('naive-chain').scenarioName ?? null;
    const unknownEvents = [end(result('get_stock_price', 'error', 'unknown_tool')), end(result('search_web', 'success'))];
    expect(passes('naive-chain', source(unknown, unknownEvents))).toBe(true);
    expect(
      passes('naive-chain', source(unknown, unknownEvents, { conversation: { ...source(unknown, []).conversation, running: true } })),
    ).toBe(false);
    // What counts is the scenario that was played, not the one selected afterwards.
    const validationSelected =
      workspace.scenarios.find((scenario) => scenario.name === chapter('validation-errors').scenarioName)?.id ?? null;
    expect(passes('naive-chain', source(unknown, unknownEvents, { selectedScenarioId: validationSelected }))).toBe(true);
    expect(passes('validation-errors', source(unknown, unknownEvents, { selectedScenarioId: validationSelected }))).toBe(false);

    expect(passes('four-duties', source(null, []))).toBe(false);
    expect(
      passes('four-duties', {
        ...source(null, []),
        run: { id: 2, kind: 'test-call', events: [end(result('calculator', 'success'))], version: 1 },
      }),
    ).toBe(true);
    // Opened during the chapter, and still on show; merely being on show when the chapter began is not enough.
    const definition = { editorTab: 'definition' as const, viewOpenings: { 'editor:definition': 1 } };
    expect(passes('registration', source(null, [], definition))).toBe(true);
    expect(passes('registration', source(null, [], definition), source(null, [], definition))).toBe(false);
    expect(
      passes('registration', source(null, [], { ...definition, viewOpenings: { 'editor:definition': 2 } }), source(null, [], definition)),
    ).toBe(true);
    expect(passes('registration', source(null, [], { viewOpenings: { 'editor:definition': 1 } }))).toBe(false);

    const validation = chapter('validation-errors').scenarioName ?? null;
    expect(
      passes(
        'validation-errors',
        source(validation, [end(result('get_weather', 'error', 'invalid_arguments')), end(result('get_weather', 'success'))]),
      ),
    ).toBe(true);

    // Issue 13: the capacity chapter passes on a Compare the user ran during the chapter, not on a run of the scenario.
    const burst = chapter('parallel-calls').scenarioName ?? null;
    const compared = (scenarioName: string | null, limits: (number | null)[], running = false): Partial<TourViewSource> => ({
      timelineTab: 'compare',
      viewOpenings: { 'timeline:compare': 1 },
      comparison: {
        source: 'variants',
        title: null,
        notes: [],
        scenarioName,
        running,
        error: null,
        started: 1,
        entries: limits.map((limit, index) => ({
          variantId: `v${index}`,
          label: `v${index}`,
          settingsText: '',
          concurrencyLimit: limit,
          result: { events: [], totalMs: 1, stopReason: 'final_answer' },
        })),
      },
    });
    const calls = Array.from({ length: 16 }, () => end(result('inventory_api', 'success')));
    expect(passes('parallel-calls', source(burst, [start(4), ...calls]))).toBe(false);
    expect(passes('parallel-calls', source(burst, [], compared(burst, [1, 3, null])))).toBe(true);
    // The same comparison, already on show when the chapter began: not the person's doing in this chapter.
    expect(
      passes('parallel-calls', source(burst, [], compared(burst, [1, 3, null])), source(burst, [], compared(burst, [1, 3, null]))),
    ).toBe(false);
    expect(passes('parallel-calls', source(burst, [], compared(burst, [1, 3, null], true)))).toBe(false);
    expect(passes('parallel-calls', source(burst, [], compared(burst, [1, null])))).toBe(false);
    // Two kept runs side by side re-ran nothing: they compare no limits.
    const kept = compared(burst, [1, 3, null]);
    expect(passes('parallel-calls', source(burst, [], { ...kept, comparison: { ...kept.comparison!, source: 'kept-runs' } }))).toBe(false);
    expect(passes('parallel-calls', source(burst, [], compared('Fan-out: ten reports under the concurrency limit', [1, 3, null])))).toBe(
      false,
    );

    const flaky = chapter('retries').scenarioName ?? null;
    expect(passes('retries', source(flaky, [end(result('flaky_api', 'success', undefined, 3))]))).toBe(false);
    expect(
      passes(
        'retries',
        source(flaky, [
          { type: 'retry-scheduled', time: 1, toolCallId: 'a', name: 'flaky_api', attempt: 1, delayMs: 300, reason: '503' },
          end(result('flaky_api', 'success', undefined, 3)),
        ]),
      ),
    ).toBe(true);

    // Metrics opened during the chapter and on show, for a run with calls (which may predate the chapter).
    const metricCalls = [end(result('calculator', 'success'))];
    const metrics = { timelineTab: 'metrics' as const, viewOpenings: { 'timeline:metrics': 1 } };
    expect(passes('metrics', source(null, metricCalls))).toBe(false);
    expect(passes('metrics', source(null, [], metrics))).toBe(false);
    expect(passes('metrics', source(null, metricCalls, metrics), source(null, metricCalls))).toBe(true);
    expect(passes('metrics', source(null, metricCalls, metrics), source(null, metricCalls, metrics))).toBe(false);
    expect(passes('metrics', source(null, metricCalls, { ...metrics, timelineTab: 'timeline' }), source(null, metricCalls))).toBe(false);
  });

  it('count a run only when it started during the chapter', () => {
    const unknown = chapter('naive-chain').scenarioName ?? null;
    const unknownEvents = [end(result('get_stock_price', 'error', 'unknown_tool'))];
    expect(passes('naive-chain', source(unknown, unknownEvents), source(unknown, unknownEvents))).toBe(false);
    const testCall = {
      ...source(null, []),
      run: { id: 7, kind: 'test-call' as const, events: [end(result('calculator', 'success'))], version: 1 },
    };
    expect(passes('four-duties', testCall, testCall)).toBe(false);
    expect(passes('four-duties', testCall)).toBe(true);
  });
});
