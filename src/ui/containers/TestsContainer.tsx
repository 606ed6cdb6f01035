import { vitestFileFor } from '../../assertions/index.ts';
import { parseExpectations } from '../../session/index.ts';
import { TestReportView } from '../runs/TestReportView.tsx';
import { downloadFile } from '../timeline/download-file.ts';
import { useAppStore, useAppStoreApi } from './store-context.tsx';

interface TestsContainerProps {
  /** The opened run and the call to select in it, so the Timeline tab can come forward at that step. */
  onShowStep(runId: number, toolCallId: string | null): void;
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
        const runId = store.getState().showTestRun(scenarioId);
        if (runId !== null) onShowStep(runId, toolCallId ?? null);
      }}
    />
  );
}
