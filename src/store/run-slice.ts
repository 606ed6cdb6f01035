import type { StateCreator } from 'zustand/vanilla';
import { formatForModel, ToolExecutor, type Clock, type ToolCallResult } from '../core/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
import type { AgentRunEvent } from '../agent/types.ts';
import type { RunControl } from './run-control.ts';
import type { ToolRuntime } from './runtime/tool-runtime.ts';

export interface TestCallState {
  running: boolean;
  result: ToolCallResult | null;
  /** Exactly what the model would read back. */
  modelText: string | null;
  /** Why the call could not start (e.g. the schema never compiled). */
  blockedReason: string | null;
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
  runTestCall(toolId: string): Promise<void>;
  stopRun(): void;
  recordRunEvent(run: RunRecord, event: AgentRunEvent): void;
}

export interface RunDependencies {
  runtime: ToolRuntime;
  runControl: RunControl;
  /** A clock for a run at the given playback speed (1 = real time). */
  createClock(speed: number): Clock;
}

export const createRunSlice =
  ({ runtime, runControl, createClock }: RunDependencies): StateCreator<AppState, AppMiddlewares, [], RunSlice> =>
  (set, get) => {
    const setTestCall = (toolId: string, patch: Partial<TestCallState>) =>
      set(
        (state) => {
          const previous = state.testCalls[toolId] ?? { running: false, result: null, modelText: null, blockedReason: null };
          return { testCalls: { ...state.testCalls, [toolId]: { ...previous, ...patch } } };
        },
        undefined,
        'run/testCall',
      );

    return {
      testCalls: {},
      run: null,

      async runTestCall(toolId) {
        if (!get().workspace.tools.some((candidate) => candidate.id === toolId) || get().testCalls[toolId]?.running) return;
        setTestCall(toolId, { running: true, blockedReason: null });
        // Right after start-up or an edit the tool may still be compiling: run what compiles now.
        await get().compileTool(toolId);
        const { workspace, compilations } = get();
        const tool = workspace.tools.find((candidate) => candidate.id === toolId);
        const parameters = compilations[toolId]?.parameters;
        if (!tool || !parameters) {
          setTestCall(toolId, {
            running: false,
            blockedReason: 'The schema does not compile: fix the problems in the Schema tab, then run again.',
          });
          return;
        }
        const { settings } = workspace;
        const { id, signal } = runControl.start();
        const run: RunRecord = { id, kind: 'test-call', events: [], version: 0 };
        set({ run }, undefined, 'run/start');

        const executor = new ToolExecutor({ timeoutMs: settings.timeoutMs, retry: settings.retry, clock: createClock(settings.speed) });
        executor.register(runtime.toCoreTool(tool, { parameters }));
        const unsubscribe = executor.on((event) => get().recordRunEvent(run, event));
        const result = await executor.execute({ id: `test_${run.id}`, name: tool.name, arguments: tool.argumentsText }, { signal });
        unsubscribe();
        runControl.finish(signal);
        setTestCall(toolId, { running: false, result, modelText: formatForModel(result) });
      },

      stopRun() {
        runControl.stop();
      },

      recordRunEvent(run, event) {
        // Appended in place: copying a 10,000-event array per event would be quadratic.
        run.events.push(event);
        run.version += 1;
        if (get().run?.id === run.id) set({ run: { ...run } }, undefined, 'run/event');
      },
    };
  };
