// "Run tests": the report of the last test run, mirrored from the session, and a way to open a tested
// scenario's run in the timeline at the step an assertion failed at.
import type { StateCreator } from 'zustand/vanilla';
import type { ScenarioTestReport, Session } from '../session/index.ts';
import { createRunFile } from '../trace/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export interface TestReportState {
  running: boolean;
  /** In the order they play; `report` is null until the scenario has been checked. */
  scenarios: { scenarioId: string; name: string; report: ScenarioTestReport | null }[];
  error: string | null;
}

export interface TestsSlice {
  testReport: TestReportState | null;
  runTests(): Promise<void>;
  stopTests(): void;
  /** Opens a tested scenario's run in the timeline and conversation; the run's id, or null. */
  showTestRun(scenarioId: string): number | null;
}

export const createTestsSlice =
  (session: Session): StateCreator<AppState, AppMiddlewares, [], TestsSlice> =>
  (set, get) => {
    const patch = (next: Partial<TestReportState>) =>
      set(
        (state) => ({ testReport: { ...(state.testReport ?? { running: false, scenarios: [], error: null }), ...next } }),
        undefined,
        'tests/report',
      );
    return {
      testReport: null,

      async runTests() {
        if (get().testReport?.running) return;
        set({ testReport: { running: true, scenarios: [], error: null } }, undefined, 'tests/start');
        const handle = session.runTests({
          onPlan: (scenarios) => patch({ scenarios: scenarios.map((scenario) => ({ ...scenario, report: null })) }),
          onScenarioReport: (index, report) =>
            patch({ scenarios: (get().testReport?.scenarios ?? []).map((entry, at) => (at === index ? { ...entry, report } : entry)) }),
        });
        const outcome = await handle.done;
        patch({ running: false, error: outcome.status === 'failed' ? `The tests could not run: ${outcome.error}` : null });
      },

      stopTests: () => session.stopTests(),

      showTestRun(scenarioId) {
        const entry = get().testReport?.scenarios.find((candidate) => candidate.scenarioId === scenarioId);
        if (!entry?.report) return null;
        const { events, messages, concurrencyLimit } = entry.report;
        const file = createRunFile({ kind: 'agent', events, messages, concurrencyLimit });
        if (!get().loadRunFile(file, `test of ${entry.name}`)) {
          get().notify({ level: 'warning', message: 'Stop the run first: a run that is going would overwrite the test run.' });
          return null;
        }
        return get().run?.id ?? null;
      },
    };
  };
