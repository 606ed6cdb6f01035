import type { ProgressEntry, TrafficEntry } from '../../../core/index.ts';
import { formatDuration, summarizeTrafficMessage } from '../../../trace/index.ts';

interface CallReportsProps {
  progress: readonly ProgressEntry[];
  traffic: readonly TrafficEntry[];
  origin: number;
}

const arrow = { sent: '→', received: '←' } as const;

function amount(entry: ProgressEntry): string {
  return entry.total === undefined ? String(entry.progress) : `${entry.progress} of ${entry.total}`;
}

/**
 * What a remote tool reported while it ran: progress (the ticks on its bar) and the messages it
 * exchanged with its server, each expandable to the JSON as sent. Nothing for a call that had neither.
 */
export function CallReports({ progress, traffic, origin }: CallReportsProps) {
  return (
    <>
      {progress.length > 0 && (
        <>
          <h4>Progress</h4>
          <ol aria-label="Progress" className="progress-list">
            {progress.map((entry, index) => (
              <li key={index}>
                <span className="hint">
                  {formatDuration(entry.time - origin)} #{entry.attempt}
                </span>{' '}
                {amount(entry)}
                {entry.message ? ` — ${entry.message}` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
      {traffic.length > 0 && (
        <>
          <h4>MCP traffic</h4>
          <ol aria-label="MCP traffic" className="traffic-list">
            {traffic.map((entry, index) => (
              <li key={index} className={`traffic-${entry.direction}`}>
                <details>
                  <summary>
                    <span className="hint">{formatDuration(entry.time - origin)}</span>{' '}
                    <span aria-label={entry.direction}>{arrow[entry.direction]}</span> {summarizeTrafficMessage(entry.message)}
                  </summary>
                  <pre>{JSON.stringify(entry.message, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
