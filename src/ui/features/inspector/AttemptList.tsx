import {
  afterDeadlineText,
  formatDuration,
  statusLabel,
  strategyText,
  type AttemptRecord,
  type InjectedFaultMark,
} from '../../../trace/index.ts';

interface AttemptListProps {
  attempts: readonly AttemptRecord[];
  origin: number;
  /** Faults injected into these attempts (issue 19). */
  injected?: readonly InjectedFaultMark[];
}

/** Each attempt: when it ran, how it ended, and the wait before the next one and why. */
export function AttemptList({ attempts, origin, injected = [] }: AttemptListProps) {
  if (attempts.length === 0) return <p className="hint">The tool never ran.</p>;
  return (
    <ol aria-label="Attempts">
      {attempts.map((attempt) => (
        <li key={attempt.attempt}>
          <strong>#{attempt.attempt}</strong> {formatDuration(attempt.start - origin)} →{' '}
          {attempt.end === undefined
            ? 'running'
            : `${formatDuration(attempt.end - origin)} (${formatDuration(attempt.end - attempt.start)})`}{' '}
          · {attempt.outcome ? statusLabel(attempt.outcome) : 'running'}
          {Number.isFinite(attempt.timeoutMs) && (
            <span className="hint">
              {' '}
              · deadline {formatDuration(attempt.deadline - origin)} ({formatDuration(attempt.timeoutMs)} limit)
            </span>
          )}
          {injected
            .filter((mark) => mark.attempt === attempt.attempt)
            .map((mark) => (
              <div key={mark.description} className="injected-fault">
                Injected: {mark.description}
              </div>
            ))}
          {attempt.error && (
            <div className="error-message">
              {attempt.error.message}
              {attempt.error.location && (
                <span className="hint error-location">
                  {' '}
                  (at line {attempt.error.location.line}, column {attempt.error.location.column} of the code)
                </span>
              )}
            </div>
          )}
          {attempt.retryDelayMs !== undefined && (
            <div>
              Retry in {formatDuration(attempt.retryDelayMs)} — {attempt.retryReason ?? 'transient failure'}
              {attempt.retryAfterMs !== undefined && ` (server asked for ${formatDuration(attempt.retryAfterMs)})`}
            </div>
          )}
          {attempt.outcome === 'timeout' && strategyText(attempt) && <div className="hint">At the deadline: {strategyText(attempt)}</div>}
          {(attempt.workRunning || attempt.lateSettleAt !== undefined || attempt.killedAt !== undefined) && (
            <div>
              After the deadline: {afterDeadlineText(attempt)}
              {attempt.lateSettleAt !== undefined && ` (with ${attempt.lateOutcome}`}
              {attempt.lateSettleAt !== undefined && (attempt.lateErrorMessage ? `: ${attempt.lateErrorMessage})` : ')')}.
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
