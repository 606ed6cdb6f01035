import { describe, expect, it } from 'vitest';
import type { AgentRunEvent } from '../agent/types.ts';
import type { ErrorKind, ToolCallResult } from '../core/index.ts';
import { tourChapters } from '../tour/index.ts';
import { tourViewOf, type TourViewSource } from './tour-view.ts';
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
const passes = (id: string, from: TourViewSource) => chapter(id).tryIt.check(tourViewOf(from));

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
    expect(passes('registration', source(null, [], { editorTab: 'definition' }))).toBe(true);

    const validation = chapter('validation-errors').scenarioName ?? null;
    expect(
      passes(
        'validation-errors',
        source(validation, [end(result('get_weather', 'error', 'invalid_arguments')), end(result('get_weather', 'success'))]),
      ),
    ).toBe(true);

    const fanOut = chapter('parallel-calls').scenarioName ?? null;
    const reports = Array.from({ length: 10 }, () => end(result('slow_report', 'success')));
    expect(passes('parallel-calls', source(fanOut, [start(1), start(4), ...reports]))).toBe(true);
    expect(passes('parallel-calls', source(fanOut, [start(5), ...reports]))).toBe(false);

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

    expect(passes('metrics', source(null, []))).toBe(false);
    expect(passes('metrics', source(null, [end(result('calculator', 'success'))]))).toBe(true);
    expect(chapter('metrics').tryIt.confirmLabel).toBeTruthy();
  });
});
