import type { ProjectFlavour } from '../../../tool-export/index.ts';
import { projectFlavours } from '../../../tool-export/transfer.ts';

/** One generated test: a tool's test arguments and the outcome the test will expect. */
export interface ProjectTestRow {
  toolName: string;
  /** The Test call arguments, or null when they are not valid JSON (the test is then a to-do). */
  argumentsText: string | null;
  expected: string;
  /**
   * Where the expectation comes from: a test call of what is on screen, the schema refusing the
   * arguments, or nothing yet (assumed; `checking` while the schema is asked, `running` during a call).
   */
  source: 'last test call' | 'schema' | 'assumed' | 'checking' | 'running';
  /** Why the schema refuses the arguments. */
  detail?: string;
}

const sourceText: Record<ProjectTestRow['source'], string> = {
  'last test call': 'last test call',
  schema: 'the schema refuses them',
  assumed: 'assumed: no test call yet',
  checking: 'checking the arguments…',
  running: 'running…',
};

export interface ProjectDownloadPanelProps {
  flavour: ProjectFlavour;
  onFlavourChange(flavour: ProjectFlavour): void;
  rows: ProjectTestRow[];
  onRunTestCalls(): void;
  runningTestCalls: boolean;
  onDownload(): void;
  downloading: boolean;
  /** What the last download gave, or why it failed. */
  status: { kind: 'done' | 'error'; message: string } | null;
  /** Why these tools cannot make a project (Python tools), or null. */
  refusal: string | null;
}

export function ProjectDownloadPanel(props: ProjectDownloadPanelProps) {
  const { flavour, onFlavourChange, rows, onRunTestCalls, runningTestCalls, onDownload, downloading, status, refusal } = props;
  const assumed = rows.filter((row) => row.source === 'assumed').length;
  return (
    <div className="project-panel">
      <fieldset className="project-flavours">
        <legend>Flavour</legend>
        {projectFlavours.map((entry) => (
          <label key={entry.flavour}>
            <input
              type="radio"
              name="project-flavour"
              checked={flavour === entry.flavour}
              onChange={() => onFlavourChange(entry.flavour)}
            />
            <strong>{entry.label}</strong> <span className="hint">{entry.detail}</span>
          </label>
        ))}
      </fieldset>
      <p className="hint">
        A Node + TypeScript project: the executor core, the agent loop (mock model by default, a real provider from environment variables)
        and one vitest test per tool. Inside: <code>npm install && npm start</code> runs it, <code>npm test</code> checks it.
      </p>
      <table className="project-tests" aria-label="Generated tests">
        <thead>
          <tr>
            <th>Tool</th>
            <th>Test arguments</th>
            <th>Expects</th>
            <th>From</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.toolName}>
              <td>{row.toolName}</td>
              <td>
                <code>{row.argumentsText ?? 'not valid JSON: a to-do test'}</code>
              </td>
              <td>{row.expected}</td>
              <td className={row.source === 'assumed' ? 'assumed-expectation' : 'hint'} title={row.detail}>
                {sourceText[row.source]}
                {row.detail && <span className="hint"> ({row.detail})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {refusal && (
        <p role="alert" className="error-text">
          {refusal}
        </p>
      )}
      <div className="project-actions">
        {assumed > 0 && refusal === null && (
          <button type="button" onClick={onRunTestCalls} disabled={runningTestCalls} aria-busy={runningTestCalls}>
            {runningTestCalls ? 'Running test calls…' : `Run ${assumed} test call${assumed === 1 ? '' : 's'} to record outcomes`}
          </button>
        )}
        <button
          type="button"
          className="primary"
          onClick={onDownload}
          disabled={refusal !== null || downloading || runningTestCalls || rows.some((row) => row.source === 'checking')}
          aria-busy={downloading}
        >
          {downloading ? 'Building zip…' : 'Download project (.zip)'}
        </button>
        {status && (
          <span role="status" className={status.kind === 'error' ? 'error-text' : 'hint'}>
            {status.message}
          </span>
        )}
      </div>
    </div>
  );
}
