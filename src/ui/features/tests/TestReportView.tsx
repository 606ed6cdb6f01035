import type { TestReportState } from '../../../store/tests-slice.ts';
import '../runs/runs.css';

interface TestReportViewProps {
  report: TestReportState | null;
  onRun(): void;
  onStop(): void;
  /** Opens the scenario's run in the timeline, at the failing call if there is one. */
  onShowStep(scenarioId: string, toolCallId: string | undefined): void;
  onExport(): void;
}

/** "Run tests" and its report: each scenario with expectations, each assertion passed or failed. */
export function TestReportView({ report, onRun, onStop, onShowStep, onExport }: TestReportViewProps) {
  const done = report?.scenarios.filter((entry) => entry.report) ?? [];
  const failed = done.filter((entry) => !entry.report?.passed).length;
  return (
    <div className="runs-view test-report">
      <div className="toolbar" role="toolbar" aria-label="Tests">
        <button type="button" className="primary" disabled={report?.running} onClick={onRun}>
          Run tests
        </button>
        <button type="button" disabled={!report?.running} onClick={onStop}>
          Stop
        </button>
        <button type="button" disabled={!report || report.running || done.length === 0} onClick={onExport}>
          Export as vitest
        </button>
        {report && !report.running && report.scenarios.length > 0 && (
          <span role="status" className={failed > 0 ? 'run-status-error' : 'run-status-ok'}>
            {failed > 0 ? `${failed} of ${done.length} scenarios failed` : `all ${done.length} scenarios passed`}
          </span>
        )}
        {report?.running && <span role="status">Running tests…</span>}
      </div>
      {report?.error && (
        <p className="run-error" role="alert">
          {report.error}
        </p>
      )}
      {!report && <p className="empty-hint">Give a scenario expectations (Conversation → Edit expectations), then Run tests.</p>}
      {report && !report.running && report.scenarios.length === 0 && (
        <p className="empty-hint">No scenario has expectations yet: add some under Conversation → Edit expectations.</p>
      )}
      <ul className="test-scenarios" aria-label="Test report">
        {report?.scenarios.map(({ scenarioId, name, report: result }) => (
          <li key={scenarioId}>
            <div className="test-scenario">
              <strong className={result ? (result.passed ? 'run-status-ok' : 'run-status-error') : 'run-status-stopped'}>
                {result ? (result.passed ? 'PASS' : 'FAIL') : '…'}
              </strong>{' '}
              {name}
              {result && !result.problem && (
                <button type="button" onClick={() => onShowStep(scenarioId, undefined)} aria-label={`Open the run of ${name}`}>
                  Open run
                </button>
              )}
            </div>
            {result?.problem && <p className="field-error">{result.problem}</p>}
            <ol className="test-assertions">
              {result?.results.map((assertion, index) => (
                <li key={index} className={assertion.passed ? 'assertion-passed' : 'assertion-failed'}>
                  {assertion.passed ? '✓' : '✗'} <code>{assertion.expectation.type}</code> {assertion.message}
                  {!assertion.passed && assertion.toolCallId && (
                    <button type="button" onClick={() => onShowStep(scenarioId, assertion.toolCallId)}>
                      Show step
                    </button>
                  )}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </div>
  );
}
