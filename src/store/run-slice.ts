import type { StateCreator } from 'zustand/vanilla';
import { formatForModel, ToolExecutor, type Clock, type ExecutorEvent, type ToolCallResult } from '../core/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';
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
  events: ExecutorEvent[];
  version: number;
}

export interface RunSlice {
  testCalls: Record<string, TestCallState>;
  run: RunRecord | null;
  runTestCall(toolId: string): Promise<void>;
  stopRun(): void;
}

export interface RunDependencies {
  runtime: ToolRuntime;
  /** A clock for a run at the given playback speed (1 = real time). */
  createClock(speed: number): Clock;
}

export const createRunSlice =
  ({ runtime, createClock }: RunDependencies): StateCreator<AppState, AppMiddlewares, [], RunSlice> =>
  (set, get) => {
    let controller: AbortController | null = null;
    let runCounter = 0;

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
        const { workspace, compilations } = get();
        const tool = workspace.tools.find((candidate) => candidate.id === toolId);
        if (!tool || get().testCalls[toolId]?.running) return;
        const parameters = compilations[toolId]?.parameters;
        if (!parameters) {
          setTestCall(toolId, { blockedReason: 'The schema has not compiled yet: fix the problems in the Schema tab, then run again.' });
          return;
        }
        const { settings } = workspace;
        controller?.abort(new Error('Superseded by a new run'));
        const runController = new AbortController();
        controller = runController;
        const run: RunRecord = { id: ++runCounter, kind: 'test-call', events: [], version: 0 };
        set({ run }, undefined, 'run/start');
        setTestCall(toolId, { running: true, blockedReason: null });

        const executor = new ToolExecutor({ timeoutMs: settings.timeoutMs, retry: settings.retry, clock: createClock(settings.speed) });
        executor.register(runtime.toCoreTool(tool, { parameters, fetchAllowlist: settings.fetchAllowlist }));
        const unsubscribe = executor.on((event) => {
          run.events.push(event);
          run.version += 1;
          set({ run: { ...run } }, undefined, 'run/event');
        });
        const result = await executor.execute({ id: `test_${run.id}`, name: tool.name, arguments: tool.argumentsText }, { signal: runController.signal });
        unsubscribe();
        if (controller === runController) controller = null;
        setTestCall(toolId, { running: false, result, modelText: formatForModel(result) });
      },

      stopRun() {
        controller?.abort(new Error('Stopped by the user'));
        controller = null;
      },
    };
  };
