import { useMemo } from 'react';
import { metricsToPrometheus, runMetrics, type TimelineModel } from '../../../trace/index.ts';
import { VersionMetricsTable } from '../versions/VersionMetricsTable.tsx';
import { downloadFile } from '../../elements/download-file.ts';
import { MetricsView } from './MetricsView.tsx';

interface MetricsContainerProps {
  model: TimelineModel;
  runId: number | null;
}

/** Metrics of the run on show, derived from its events (live while it runs), with a Prometheus export. */
export function MetricsContainer({ model, runId }: MetricsContainerProps) {
  const metrics = useMemo(() => runMetrics(model), [model]);
  const byVersion = metrics.versions;
  const exportPrometheus = () =>
    downloadFile(`toolscope-run-${runId ?? 0}.prom`, metricsToPrometheus(metrics), 'text/plain; version=0.0.4');
  const view = (
    <MetricsView
      metrics={metrics}
      actions={
        <button type="button" onClick={exportPrometheus} disabled={runId === null}>
          Export Prometheus
        </button>
      }
    />
  );
  // Only runs of versioned tools (a canary, a promotion) have calls to split by version.
  if (byVersion.length === 0) return view;
  return (
    <div className="metrics-with-versions">
      {view}
      <VersionMetricsTable rows={byVersion} />
    </div>
  );
}
