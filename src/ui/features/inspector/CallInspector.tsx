import { formatDuration, injectedFaults, statusLabel, type CallInspection, type CallRow } from '../../../trace/index.ts';
import { IgnoredKeysNotice } from '../../elements/IgnoredKeysNotice.tsx';
import { AttemptList } from './AttemptList.tsx';
import { CallReports } from './CallReports.tsx';

interface CallInspectorProps {
  call: CallRow;
  inspection: CallInspection;
  origin: number;
  onClose(): void;
}

/** Everything about one call, in the order it happened: arguments, validation, attempts, logs, result. */
export function CallInspector({ call, inspection, origin, onClose }: CallInspectorProps) {
  return (
    <section className="inspector" aria-label="Inspector">
      <h3>
        <code>{call.name}</code>
        <span className="hint">{call.toolCallId}</span>
        <button type="button" className="close" onClick={onClose} aria-label="Close inspector">
          ×
        </button>
      </h3>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{statusLabel(call.status)}</dd>
        {(call.result?.version ?? call.version) && (
          <>
            <dt>Version</dt>
            <dd>{call.result?.version ?? call.version}</dd>
          </>
        )}
        {call.iteration > 0 && (
          <>
            <dt>Iteration</dt>
            <dd>
              {call.iteration}
              {call.batchId ? ` · call ${call.index + 1} of batch ${call.batchId}` : ''}
            </dd>
          </>
        )}
        <dt>Queued at</dt>
        <dd>{formatDuration(call.queuedAt - origin)}</dd>
        {inspection.queuedMs !== null && (
          <>
            <dt>Waited for a slot</dt>
            <dd>{formatDuration(inspection.queuedMs)}</dd>
          </>
        )}
        {call.lane !== undefined && (
          <>
            <dt>Slot</dt>
            <dd>{call.lane + 1}</dd>
          </>
        )}
        {call.result && (
          <>
            <dt>Ran for</dt>
            <dd>{formatDuration(call.result.durationMs)}</dd>
          </>
        )}
      </dl>
      <h4>Arguments as sent by the model</h4>
      {!inspection.argumentsValidJson && <p className="error-message">Not valid JSON (shown as received).</p>}
      <pre tabIndex={0} aria-label="Arguments">
        {inspection.argumentsText}
      </pre>
      {inspection.validationIssues.length > 0 && (
        <>
          <h4>Validation issues</h4>
          <ul aria-label="Validation issues">
            {inspection.validationIssues.map((issue, index) => (
              <li key={index}>
                <code>{issue.path || '(root)'}</code> {issue.message}
              </li>
            ))}
          </ul>
        </>
      )}
      <IgnoredKeysNotice keys={inspection.ignoredKeys} />
      <h4>Attempts</h4>
      <AttemptList attempts={call.attempts} origin={origin} injected={injectedFaults(call.logs)} />
      {call.result?.status === 'error' && call.attempts.length === 0 && <p className="error-message">{call.result.error.message}</p>}
      <CallReports progress={call.progress} traffic={call.traffic} origin={origin} />
      <h4>Logs</h4>
      {call.logs.length === 0 ? (
        <p className="hint">No logs.</p>
      ) : (
        <pre tabIndex={0} aria-label="Logs">
          {call.logs.map((entry) => `[${formatDuration(entry.time - origin)} #${entry.attempt}] ${entry.message}`).join('\n')}
        </pre>
      )}
      <h4>Result</h4>
      {inspection.resultText === null ? (
        <p className="hint">Still running…</p>
      ) : (
        <pre tabIndex={0} aria-label="Result">
          {inspection.resultText}
        </pre>
      )}
      <h4>Sent back to the model</h4>
      {inspection.modelText === null ? (
        <p className="hint">Nothing yet.</p>
      ) : (
        <pre tabIndex={0} aria-label="Sent to the model">
          {inspection.modelText}
        </pre>
      )}
    </section>
  );
}
