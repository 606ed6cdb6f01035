// Turns a run that has ended into the record the run history keeps: a summary for the Runs list and a
// body with its events, transcript, the settings it ran with and a stamp of each tool's version.
import type { AgentRunEvent, RunAgentResult } from '../agent/index.ts';
import type { ToolCallResult } from '../core/index.ts';
import { sourceHash, type NewStoredRun, type StoredRunKind, type StoredRunStatus, type ToolVersionStamp } from '../history/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import type { Workspace } from '../workspace/workspace-schema.ts';

/**
 * Where ended runs go; the app passes the IndexedDB history, tests a list. Must not throw. `progressKey` names
 * the run's record kept while it went (RunProgressRecorder), which the ended run replaces.
 */
export type RunRecorder = (run: NewStoredRun, progressKey?: string) => void;

/**
 * Where a run still going is kept as it goes, so a reload in the middle keeps what it had done (issue 24).
 * Called on each of its events with the run so far, as it reads if the page goes now ("interrupted"); the
 * recorder decides how often to write it. Must not throw.
 */
export type RunProgressRecorder = (progressKey: string, snapshot: () => NewStoredRun) => void;

export const interruptedOutcome = 'interrupted: the page was reloaded or closed while it ran';

/** Each enabled tool's version label and a hash of its sources, as the run saw them. */
export function toolVersionStamps(workspace: Workspace, onlyToolId?: string): ToolVersionStamp[] {
  return workspace.tools
    .filter((tool) => (onlyToolId ? tool.id === onlyToolId : tool.enabled))
    .map((tool) => ({
      name: tool.name,
      version: tool.version ?? null,
      sourceHash: sourceHash(`${tool.schemaSource}\n${tool.codeSource}`),
    }));
}

/** Tools called, calls ended and calls that ended in an error, from the events. */
function callFigures(events: readonly AgentRunEvent[]) {
  const toolNames = new Set<string>();
  let callCount = 0;
  let errorCount = 0;
  for (const event of events) {
    if (event.type === 'tool-call-queued') toolNames.add(event.name);
    if (event.type !== 'tool-call-end') continue;
    callCount++;
    if (event.result.status === 'error') errorCount++;
  }
  return { toolNames: [...toolNames].sort(), callCount, errorCount };
}

/** Run time on the run's own clock (virtual for Compare), or the wall time when it had no events. */
function runDuration(events: readonly AgentRunEvent[], wallMs: number): number {
  const first = events[0];
  const last = events.at(-1);
  return first && last ? Math.max(0, last.time - first.time) : Math.max(0, wallMs);
}

export interface EndedRun {
  kind: StoredRunKind;
  title: string;
  scenarioName: string | null;
  status: StoredRunStatus;
  outcome: string;
  /** Epoch ms. */
  startedAt: number;
  endedAt: number;
  events: readonly AgentRunEvent[];
  messages: readonly ChatMessage[];
  timelineKind: 'agent' | 'test-call';
  concurrencyLimit: number | null;
  settings: Record<string, unknown>;
  toolVersions: ToolVersionStamp[];
  parentRunId?: string | null;
  forkedAt?: string | undefined;
}

export function storedRunOf(run: EndedRun): NewStoredRun {
  return {
    summary: {
      kind: run.kind,
      title: run.title,
      scenarioName: run.scenarioName,
      status: run.status,
      outcome: run.outcome,
      startedAt: run.startedAt,
      durationMs: runDuration(run.events, run.endedAt - run.startedAt),
      ...callFigures(run.events),
      ...(run.parentRunId ? { parentRunId: run.parentRunId } : {}),
      ...(run.parentRunId && run.forkedAt ? { forkedAt: run.forkedAt } : {}),
    },
    body: {
      timelineKind: run.timelineKind,
      concurrencyLimit: run.concurrencyLimit,
      // Copies: the handle's list goes on growing if a late event arrives.
      events: [...run.events],
      messages: [...run.messages],
      settings: run.settings,
      toolVersions: run.toolVersions,
    },
  };
}

/** An agent run's status and outcome in words. */
export function agentEnd(result: RunAgentResult): { status: StoredRunStatus; outcome: string } {
  const calls = `${result.iterations} ${result.iterations === 1 ? 'model call' : 'model calls'}`;
  const status: StoredRunStatus = result.stopReason === 'final_answer' ? 'ok' : result.stopReason === 'aborted' ? 'stopped' : 'error';
  return { status, outcome: `${result.stopReason.replace('_', ' ')} after ${calls}${result.error ? `: ${result.error.message}` : ''}` };
}

export function testCallEnd(result: ToolCallResult): { status: StoredRunStatus; outcome: string } {
  return result.status === 'success'
    ? { status: 'ok', outcome: `succeeded in ${Math.round(result.durationMs)} ms` }
    : { status: 'error', outcome: `${result.error?.kind ?? 'error'}: ${result.error?.message ?? ''}` };
}

/** The first line of the latest user message, shortened for a list. */
export function conversationTitle(messages: readonly ChatMessage[]): string {
  const text = [...messages].reverse().find((message) => message.role === 'user')?.content ?? 'Conversation';
  const line = text.split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
