import type { ReactNode } from 'react';
import { statusLabel, type RunMetrics } from '../../../trace/index.ts';

interface MetricsViewProps {
  metrics: RunMetrics;
  /** Export buttons. */
  actions?: ReactNode;
}

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
const ms = (value: number) => String(Math.round(value));

/** Per-tool metrics of the run, live while it goes: the numbers an operator would alert on. */
export function MetricsView({ metrics, actions }: MetricsViewProps) {
  const { totals } = metrics;
  return (
    <div className="metrics-view">
      <div className="timeline-toolbar" role="toolbar" aria-label="Metrics actions">
        <p className="metrics-summary">
          <span>
            <strong>{totals.calls}</strong> finished
          </span>
          <span>
            <strong>{totals.running}</strong> running
          </span>
          <span>
            <strong>{totals.queued}</strong> queued
          </span>
          <span>
            <strong>{totals.retries}</strong> retries
          </span>
          <span>
            peak concurrency <strong>{metrics.peakConcurrency}</strong>
          </span>
        </p>
        <span className="spacer" />
        {actions}
      </div>
      {metrics.tools.length === 0 ? (
        <p className="empty-hint">Metrics appear here once a run has tool calls.</p>
      ) : (
        <table className="metrics-table" aria-label="Metrics per tool">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Calls</th>
              <th scope="col">Success rate</th>
              <th scope="col">Errors by kind</th>
              <th scope="col">Retries</th>
              <th scope="col">Retry rate</th>
              <th scope="col">p50 (ms)</th>
              <th scope="col">p95 (ms)</th>
              <th scope="col">p99 (ms)</th>
              <th scope="col">Peak concurrency</th>
            </tr>
          </thead>
          <tbody>
            {metrics.tools.map((tool) => (
              <tr key={tool.name}>
                <th scope="row">{tool.name}</th>
                <td>{tool.calls}</td>
                <td>{tool.calls ? percent(tool.successRate) : '—'}</td>
                <td>
                  {Object.entries(tool.errors)
                    .map(([kind, count]) => `${statusLabel(kind)} ${count}`)
                    .join(', ') || '—'}
                </td>
                <td>{tool.retries}</td>
                <td>{tool.calls ? percent(tool.retryRate) : '—'}</td>
                <td>{tool.latencyMs.count ? ms(tool.latencyMs.p50) : '—'}</td>
                <td>{tool.latencyMs.count ? ms(tool.latencyMs.p95) : '—'}</td>
                <td>{tool.latencyMs.count ? ms(tool.latencyMs.p99) : '—'}</td>
                <td>{tool.peakConcurrency}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
