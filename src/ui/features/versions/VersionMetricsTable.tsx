import type { VersionRunMetrics } from '../../../trace/index.ts';
import './registry.css';

interface VersionMetricsTableProps {
  rows: VersionRunMetrics[];
  /** Accessible name and caption of the table. */
  label?: string;
}

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

/** A run's calls per (tool, version): the view in which a canary that fails more often stands out. */
export function VersionMetricsTable({ rows, label = 'Calls by version' }: VersionMetricsTableProps) {
  const worst = Math.max(...rows.map((row) => row.errorRate));
  return (
    <table className="metrics-table version-metrics" aria-label={label}>
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">Tool</th>
          <th scope="col">Version</th>
          <th scope="col">Calls</th>
          <th scope="col">Errors</th>
          <th scope="col">Error rate</th>
          <th scope="col">Errors by kind</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={`${row.tool} ${row.version}`}
            className={rows.length > 1 && row.errorRate === worst && worst > 0 ? 'version-worst' : undefined}
          >
            <th scope="row">{row.tool}</th>
            <td>{row.version}</td>
            <td>{row.calls}</td>
            <td>{row.errors}</td>
            <td>{percent(row.errorRate)}</td>
            <td>
              {Object.entries(row.errorsByKind)
                .map(([kind, count]) => `${kind.replace(/_/g, ' ')} ${count}`)
                .join(', ') || '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
