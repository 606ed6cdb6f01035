import { vitestFileFor } from '../../../assertions/index.ts';
import { parseExpectations } from '../../../session/index.ts';
import { TestReportView } from './TestReportView.tsx';
import { downloadFile } from '../../elements/download-file.ts';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

interface TestsContainerProps {
  /** The failing scenario's run is open: bring the Timeline tab forward (the failing call is selected). */
  onShowStep(): void;
}

/** The Tests tab: Run tests, the report, a failing step in the timeline, the vitest export. */
export function TestsContainer({ onShowStep }: TestsContainerProps) {
  const store = useAppStoreApi();
  const report = useAppStore((state) => state.testReport);
  const exportTests = () => {
    const tests = store.getState().workspace.scenarios.flatMap((scenario) => {
      const parsed = parseExpectations(scenario.expectations ?? '');
      return parsed.ok && parsed.expectations.length > 0
        ? [{ name: scenario.name, scenarioSource: scenario.source, expectations: parsed.expectations }]
        : [];
    });
    downloadFile('toolscope-scenarios.test.ts', vitestFileFor(tests), 'text/typescript');
  };
  return (
    <TestReportView
      report={report}
      onRun={() => void store.getState().runTests()}
      onStop={() => store.getState().stopTests()}
      onExport={exportTests}
      onShowStep={(scenarioId, toolCallId) => {
        const state = store.getState();
        if (state.showTestRun(scenarioId) === null) return;
        // Selected after the run is open, so the selection belongs to it.
        state.selectCall(toolCallId ? { toolCallId } : null);
        onShowStep();
      }}
    />
  );
}
