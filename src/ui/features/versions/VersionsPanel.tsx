import type { VersionRow } from '../../../workspace/saved-versions.ts';
import type { RunSettings } from '../../../workspace/workspace-schema.ts';
import type { VersionRunMetrics } from '../../../trace/index.ts';
import { CanaryControls } from './CanaryControls.tsx';
import { VersionMetricsTable } from './VersionMetricsTable.tsx';
import './registry.css';

type CanaryRouting = NonNullable<RunSettings['canaryRouting']>;

export interface VersionsPanelProps {
  toolName: string;
  rows: VersionRow[];
  /** The share of the version in the editors, 0..1; null when it is the stable one. */
  canaryTraffic: number | null;
  canRollBack: boolean;
  routing: CanaryRouting;
  /** Set while the versions shown are a lesson's, for its run only (the editors keep the person's sources). */
  lessonNote?: string | null;
  /** A version the last lesson run released, which the person may keep. */
  keepOffer?: { text: string; label: string; onKeep(): void } | null;
  /** This tool's calls in the last run, by version. */
  metrics: VersionRunMetrics[];
  onNewVersion(): void;
  onTrafficChange(traffic: number): void;
  onPromote(): void;
  onRollback(): void;
  onDiscard(): void;
  onRoutingChange(routing: CanaryRouting): void;
}

const roleLabel: Record<VersionRow['role'], string> = { stable: 'stable', canary: 'canary', inactive: 'inactive' };
const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

/** The Versions tab: a tool's versions with their traffic, the canary steps, and the last run by version. */
export function VersionsPanel(props: VersionsPanelProps) {
  const { toolName, rows, canaryTraffic, canRollBack, routing, metrics, lessonNote, keepOffer } = props;
  const inEditors = rows.find((row) => row.inEditors)?.version ?? 'v1';
  return (
    <div className="versions-panel">
      {/* The steps first: Rollback must be in reach at once (a canary's calls are failing while it is looked for). */}
      <CanaryControls
        canaryVersion={canaryTraffic === null ? null : inEditors}
        traffic={canaryTraffic ?? 0}
        canRollBack={canRollBack}
        onNewVersion={props.onNewVersion}
        onTrafficChange={props.onTrafficChange}
        onPromote={props.onPromote}
        onRollback={props.onRollback}
        onDiscard={props.onDiscard}
      />
      {lessonNote && (
        <p className="lesson-note" role="note">
          {lessonNote}
        </p>
      )}
      {keepOffer && (
        <p className="lesson-note" role="note">
          {keepOffer.text}{' '}
          <button type="button" onClick={keepOffer.onKeep}>
            {keepOffer.label}
          </button>
        </p>
      )}
      <table className="metrics-table" aria-label={`Versions of ${toolName}`}>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Role</th>
            <th scope="col">Traffic</th>
            <th scope="col">Sources</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.version}>
              <th scope="row">{row.version}</th>
              <td>{roleLabel[row.role]}</td>
              <td>{percent(row.traffic)}</td>
              <td>
                {row.inEditors
                  ? lessonNote
                    ? "the lesson's, for this run"
                    : 'in the editors'
                  : `frozen ${row.frozenAt ? new Date(row.frozenAt).toLocaleString() : ''}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!lessonNote && (
        <p className="hint">
          The Schema and Code tabs edit <strong>{inEditors}</strong>, the newest version. <em>New version</em> freezes it as the stable
          version and starts the next one in the editors as a canary with 0% of the calls: change it, then give it 1%, 10%, 25%, 50% of the
          traffic; 100% promotes it.
          <em> Rollback</em> undoes the latest step.
        </p>
      )}
      <label className="number-field">
        <span>Route calls to versions by</span>
        <select
          aria-label="Route calls to versions by"
          value={routing}
          onChange={(event) => props.onRoutingChange(event.target.value as CanaryRouting)}
        >
          <option value="conversation">conversation (all its calls alike)</option>
          <option value="call">call (each call on its own)</option>
        </select>
      </label>
      {metrics.length > 0 ? (
        <VersionMetricsTable rows={metrics} label="Last run by version" />
      ) : (
        <p className="hint">Run a scenario that calls {toolName} to see its calls by version here.</p>
      )}
    </div>
  );
}
