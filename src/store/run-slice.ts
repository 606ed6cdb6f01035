import type { StateCreator } from 'zustand/vanilla';
import { formatForModel, type ToolCallResult } from '../core/index.ts';
import type { AgentRunEvent } from '../agent/agent-types.ts';
import type { ArgumentCheck, RunHandle, Session } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import { sourcesKey } from '../session/index.ts';
import { FrameBatch, type FrameScheduler } from './frame-batch.ts';

export interface TestCallState {
  running: boolean;
  result: ToolCallResult | null;
  /** Exactly what the model would read back. */
  modelText: string | null;
  /** The result came from the last good version, because the editors had an error (the user asked). */
  ranLastGood: boolean;
  /** The sources the result came from (for the last good version: its sources), to tell whether they are still on screen. */
  ranSources: string | null;
  /** The Arguments editor's text the call ran with: a result says nothing of arguments edited since. */
  ranArguments: string | null;
  /** Why the call did not run: the tab and place of the error, and whether the last good version could. */
  blocked: { reason: string; canRunLastGood: boolean } | null;
  /** The run ended without a result (it threw, or was stopped while it waited for a compile). */
  error: string | null;
}

/** The events of the current run, for the timeline. Appended in place; `version` says when it changed. */
export interface RunRecord {
  id: number;
  kind: 'test-call' | 'agent';
  events: AgentRunEvent[];
  version: number;
}

export interface RunSlice {
  testCalls: Record<string, TestCallState>;
  run: RunRecord | null;
  /** Runs the tool's test call; with `lastGood`, the last version that compiled despite an error on screen. */
  runTestCall(toolId: string, options?: { lastGood?: boolean; unvalidated?: boolean }): Promise<void>;
  stopRun(): void;
  /** What the tool's schema says of these arguments, without running it (the Export dialog's generated tests). */
  checkArguments(toolId: string, value: unknown): Promise<ArgumentCheck>;
  /** Shows a run's events on the timeline as they arrive (the handle's event list, appended in place). */
  showRun(kind: RunRecord['kind'], handle: RunHandle<unknown>): RunRecord;
  recordRunEvent(run: RunRecord): void;
}

const idleTestCall: TestCallState = {
  running: false,
  result: null,
  modelText: null,
  ranLastGood: false,
  ranSources: null,
  ranArguments: null,
  blocked: null,
  error: null,
};

export const createRunSlice =
  (session: Session, frames: FrameScheduler): StateCreator<AppState, AppMiddlewares, [], RunSlice> =>
  (set, get) => {
    const setTestCall = (toolId: string, patch: Partial<TestCallState>) =>
      set(
        (state) => ({ testCalls: { ...state.testCalls, [toolId]: { ...(state.testCalls[toolId] ?? idleTestCall), ...patch } } }),
        undefined,
        'run/testCall',
      );

    return {
      testCalls: {},
      run: null,

      async runTestCall(toolId, options = {}) {
        const known =
          get().workspace.tools.some((candidate) => candidate.id === toolId) || get().mcpTools.some((tool) => tool.id === toolId);
        if (!known || get().testCalls[toolId]?.running) return;
        setTestCall(toolId, { running: true, blocked: null, error: null });
        const tool = get().workspace.tools.find((candidate) => candidate.id === toolId);
        const ranSources = options.lastGood
          ? (get().compilations[toolId]?.goodSources ?? null)
          : tool
            ? sourcesKey(tool.schemaSource, tool.codeSource)
            : null;
        const ranArguments = tool?.argumentsText ?? null;
        let record: RunRecord | null = null;
        const mirror = new FrameBatch<true>(frames, () => {
          record ??= get().showRun('test-call', handle);
          get().recordRunEvent(record);
        });
        const handle = session.startTestCall(
          { toolId, lastGood: options.lastGood, ...(options.unvalidated ? { unvalidated: true } : {}) },
          {
            onEvent: () => mirror.add(true),
            onHealth: (health, toolIds) => get().recordHealth(health, toolIds),
          },
        );
        const outcome = await handle.done;
        mirror.flush();
        if (outcome.status === 'finished')
          setTestCall(toolId, {
            running: false,
            result: outcome.result,
            modelText: formatForModel(outcome.result),
            ranLastGood: outcome.ranLastGood,
            ranSources,
            ranArguments,
          });
        else if (outcome.status === 'blocked')
          setTestCall(toolId, { running: false, blocked: { reason: outcome.reason, canRunLastGood: outcome.canRunLastGood } });
        else setTestCall(toolId, { running: false, error: outcome.status === 'failed' ? `The call failed: ${outcome.error}` : 'Stopped.' });
      },

      stopRun() {
        session.stop();
      },

      checkArguments(toolId, value) {
        return session.checkArguments(toolId, value);
      },

      showRun(kind, handle) {
        // The handle appends to its event list in place: copying 10,000 events per event would be quadratic.
        const record: RunRecord = { id: handle.id, kind, events: handle.events as AgentRunEvent[], version: handle.events.length };
        set({ run: record }, undefined, 'run/start');
        return record;
      },

      recordRunEvent(run) {
        run.version = run.events.length;
        if (get().run?.id === run.id) set({ run: { ...run } }, undefined, 'run/event');
      },
    };
  };
