import type { ReactNode } from 'react';
import type { ToolCallResult, ToolError } from '../../../core/index.ts';
import { IgnoredKeysNotice } from '../../elements/IgnoredKeysNotice.tsx';

interface CallResultViewProps {
  result: ToolCallResult | null;
  running: boolean;
  /** Exactly what the model would read back (formatForModel). */
  modelText: string | null;
  /** Says where the result came from when it is not the code on screen (the last good version). */
  provenance?: string | null;
  /** The value as its source shows it (an MCP tool's images and resources), above what the model reads. */
  content?: ReactNode;
}

function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(2)} s`;
}

/** An MCP tool's structured result (`structuredContent`), shown on its own beside the content blocks. */
function structuredContentOf(result: ToolCallResult): unknown {
  return result.status === 'success' && result.result !== null && typeof result.result === 'object'
    ? (result.result as { structuredContent?: unknown }).structuredContent
    : undefined;
}

function ErrorDetails({ error }: { error: ToolError }) {
  return (
    <>
      <p className="error-message">
        {error.message}
        {error.location && (
          <span className="hint error-location">
            {' '}
            (at line {error.location.line}, column {error.location.column} of the code)
          </span>
        )}
      </p>
      {error.issues && error.issues.length > 0 && (
        <ul className="issues" aria-label="Validation issues">
          {error.issues.map((issue, index) => (
            <li key={index}>
              <code>{issue.path || '(root)'}</code> {issue.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function CallResultView({ result, running, modelText, provenance, content }: CallResultViewProps) {
  return (
    <section className="call-result" aria-label="Call result" aria-busy={running}>
      {running && <p role="status">Running…</p>}
      {!running && !result && <p className="empty-hint">Run a call to see its result (Ctrl/Cmd+Enter).</p>}
      {!running && result && (
        <>
          {provenance && (
            <p className="result-provenance" role="note">
              {provenance}
            </p>
          )}
          <div className={`result-summary status-${result.status}`}>
            <strong>{result.status}</strong>
            {result.status === 'error' && <code className="error-kind">{result.error.kind}</code>}
            <span>{formatDuration(result.durationMs)}</span>
            <span>
              {result.attempts} {result.attempts === 1 ? 'attempt' : 'attempts'}
            </span>
            {result.status === 'error' && result.error.retryable && <span className="hint">retryable</span>}
          </div>
          {result.status === 'error' && <ErrorDetails error={result.error} />}
          <IgnoredKeysNotice keys={result.ignoredKeys ?? []} />
          {result.attemptsDetail.length > 1 && (
            <ol className="attempts" aria-label="Attempts">
              {result.attemptsDetail.map((attempt) => (
                <li key={attempt.attempt}>
                  #{attempt.attempt} {attempt.outcome} · {formatDuration(attempt.endedAt - attempt.startedAt)}
                  {attempt.retryDelayMs !== undefined &&
                    ` → retry in ${formatDuration(attempt.retryDelayMs)} (${attempt.retryReason ?? 'transient'})`}
                </li>
              ))}
            </ol>
          )}
          {content}
          {structuredContentOf(result) !== undefined && (
            <details open>
              <summary>Structured content</summary>
              <pre className="structured-content" aria-label="Structured content">
                {JSON.stringify(structuredContentOf(result), null, 2)}
              </pre>
            </details>
          )}
          {result.logs.length > 0 && (
            <details open>
              <summary>Logs ({result.logs.length})</summary>
              <pre className="logs">{result.logs.map((entry) => `[#${entry.attempt}] ${entry.message}`).join('\n')}</pre>
            </details>
          )}
          {modelText !== null && (
            <details open>
              <summary>Sent to the model</summary>
              <pre className="model-text">{modelText}</pre>
            </details>
          )}
        </>
      )}
    </section>
  );
}
