// Every run the session starts is handed to the run recorder once it has ended, whatever way it ended.
// Each function wraps the run's observer (to see the transcript or Compare's plan as it comes) and
// watches the handle's `done`, which never rejects.
import type { ChatMessage } from '../llm/index.ts';
import type { ComparisonEntry, ComparisonObserver, ComparisonOutcome, ComparisonRequest } from './comparison-run.ts';
import type { ConversationObserver, ConversationOutcome, ConversationRequest } from './conversation-run.ts';
import type { RunHandle } from './run-handle.ts';
import type { StoredRunStatus } from '../history/index.ts';
import { newId } from '../workspace/new-id.ts';
import { agentEnd, conversationTitle, interruptedOutcome, storedRunOf, testCallEnd, toolVersionStamps } from './run-recording.ts';
import type { SessionDependencies } from './session-dependencies.ts';
import type { TestCallOutcome, TestCallRequest } from './trial-call-run.ts';

type Ended = { status: 'ok' | 'error' | 'stopped'; outcome: string };

function interruption(outcome: { status: string; reason?: string; error?: string }): Ended {
  if (outcome.status === 'stopped') return { status: 'stopped', outcome: outcome.reason ?? 'stopped' };
  return { status: 'error', outcome: outcome.error ?? outcome.reason ?? outcome.status };
}

export function recordConversation(
  dependencies: SessionDependencies,
  request: ConversationRequest,
  observer: ConversationObserver,
  start: (observer: ConversationObserver) => RunHandle<ConversationOutcome>,
): RunHandle<ConversationOutcome> {
  const record = dependencies.recordRun;
  if (!record) return start(observer);
  const startedAt = Date.now();
  // The workspace the run saw (with a lesson's setup, if any) once it is known; the person's until then.
  let { workspace } = dependencies.workspace.current();
  let transcript: readonly ChatMessage[] = request.messages;
  const scenarioName = request.scenarioSource !== null ? (request.scenarioName ?? 'Scenario') : null;
  const progressKey = newId();
  const runSoFar = (ended: { status: StoredRunStatus; outcome: string }, messages: readonly ChatMessage[]) =>
    storedRunOf({
      kind: scenarioName === null ? 'conversation' : 'scenario',
      title: scenarioName ?? conversationTitle(request.messages),
      scenarioName,
      ...ended,
      startedAt,
      endedAt: Date.now(),
      events: handle.events,
      messages,
      timelineKind: 'agent',
      concurrencyLimit: workspace.settings.concurrency,
      settings: { ...workspace.settings },
      toolVersions: toolVersionStamps(workspace),
      parentRunId: request.parentRunId ?? null,
      forkedAt: request.forkedAt,
    });
  const handle = start({
    ...observer,
    onEvent(event) {
      observer.onEvent?.(event);
      dependencies.recordProgress?.(progressKey, () => runSoFar({ status: 'interrupted', outcome: interruptedOutcome }, transcript));
    },
    onRunWorkspace(runWorkspace, lesson) {
      workspace = runWorkspace;
      observer.onRunWorkspace?.(runWorkspace, lesson);
    },
    onMessages(messages) {
      transcript = messages;
      observer.onMessages?.(messages);
    },
  });
  void handle.done.then((outcome) => {
    // A run refused before it began (a broken scenario) has nothing to keep.
    if (outcome.status === 'refused' || (outcome.status === 'stopped' && handle.events.length === 0)) return;
    const ended = outcome.status === 'finished' ? agentEnd(outcome.result) : interruption(outcome);
    record(runSoFar(ended, outcome.status === 'finished' ? outcome.result.messages : transcript), progressKey);
  });
  return handle;
}

export function recordTestCall(
  dependencies: SessionDependencies,
  request: TestCallRequest,
  start: () => RunHandle<TestCallOutcome>,
): RunHandle<TestCallOutcome> {
  const record = dependencies.recordRun;
  const handle = start();
  if (!record) return handle;
  const startedAt = Date.now();
  const { workspace } = dependencies.workspace.current();
  const tool = workspace.tools.find((candidate) => candidate.id === request.toolId);
  void handle.done.then((outcome) => {
    if (outcome.status === 'blocked' || handle.events.length === 0) return;
    const ended = outcome.status === 'finished' ? testCallEnd(outcome.result) : interruption(outcome);
    record(
      storedRunOf({
        kind: 'test-call',
        title: tool?.name ?? 'Test call',
        scenarioName: null,
        ...ended,
        startedAt,
        endedAt: Date.now(),
        events: handle.events,
        messages: [],
        timelineKind: 'test-call',
        concurrencyLimit: workspace.settings.concurrency,
        settings: { ...workspace.settings },
        toolVersions: toolVersionStamps(workspace, request.toolId),
      }),
    );
  });
  return handle;
}

/** Each Compare variant is a run of its own in the history, kept as soon as it has played. */
export function recordComparison(
  dependencies: SessionDependencies,
  _request: ComparisonRequest,
  observer: ComparisonObserver,
  start: (observer: ComparisonObserver) => RunHandle<ComparisonOutcome>,
): RunHandle<ComparisonOutcome> {
  const record = dependencies.recordRun;
  if (!record) return start(observer);
  const { workspace } = dependencies.workspace.current();
  let plan: { scenarioName: string; entries: ComparisonEntry[] } | null = null;
  return start({
    ...observer,
    onPlan(scenarioName, entries) {
      plan = { scenarioName, entries };
      observer.onPlan?.(scenarioName, entries);
    },
    onVariantResult(index, result) {
      observer.onVariantResult?.(index, result);
      const entry = plan?.entries[index];
      if (!plan || !entry) return;
      const status = result.problem
        ? 'error'
        : result.stopReason === 'final_answer'
          ? 'ok'
          : result.stopReason === 'aborted'
            ? 'stopped'
            : 'error';
      record(
        storedRunOf({
          kind: 'compare-variant',
          title: `${plan.scenarioName} · ${entry.label}`,
          scenarioName: plan.scenarioName,
          status,
          outcome: result.problem ?? `${result.stopReason.replace('_', ' ')} in ${Math.round(result.totalMs)} virtual ms`,
          startedAt: Date.now(),
          endedAt: Date.now(),
          events: result.events,
          messages: [],
          timelineKind: 'agent',
          concurrencyLimit: entry.concurrencyLimit,
          // The workspace's settings as the variant changed them, so a kept variant compares with any other run.
          settings: { ...workspace.settings, ...entry.settings, variant: entry.label, settingsText: entry.settingsText },
          toolVersions: toolVersionStamps(workspace),
        }),
      );
    },
  });
}
