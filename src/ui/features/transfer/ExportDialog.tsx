import './tool-transfer.css';
import type { Result } from '../../../core/index.ts';
import type { ExportTarget, GeneratedCode } from '../../../tool-export/index.ts';
import { exportTargets } from '../../../tool-export/transfer.ts';
import { Dialog } from '../../elements/Dialog.tsx';
import { ExportPreview } from './ExportPreview.tsx';
import { ProjectDownloadPanel, type ProjectDownloadPanelProps } from './ProjectDownloadPanel.tsx';

export type ExportChoice = ExportTarget | 'project';
export type ExportScope = 'tool' | 'enabled';

export interface ExportLint {
  toolName: string;
  message: string;
}

interface ExportDialogProps {
  selectedToolName: string | null;
  enabledCount: number;
  scope: ExportScope;
  onScopeChange(scope: ExportScope): void;
  choice: ExportChoice;
  onChoiceChange(choice: ExportChoice): void;
  lints: ExportLint[];
  /** The file for a code or JSON choice, or why there is none. */
  generated: Result<{ code: GeneratedCode }, { reason: string }> | null;
  project: ProjectDownloadPanelProps;
  onDownloadFile(code: GeneratedCode): void;
  onClose(): void;
}

const choices: { choice: ExportChoice; label: string }[] = [
  ...exportTargets.map(({ target, label }) => ({ choice: target, label })),
  { choice: 'project', label: 'Project (.zip)' },
];

/** "Export as…": a tool (or every enabled tool) as code for another runtime, as definitions, or as a project. */
export function ExportDialog(props: ExportDialogProps) {
  const {
    selectedToolName,
    enabledCount,
    scope,
    onScopeChange,
    choice,
    onChoiceChange,
    lints,
    generated,
    project,
    onDownloadFile,
    onClose,
  } = props;
  return (
    <Dialog
      title="Export as…"
      className="wide export-dialog"
      onClose={onClose}
      actions={
        <button type="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="export-options">
        <div className="segmented" role="radiogroup" aria-label="Tools to export">
          <label>
            <input
              type="radio"
              name="export-scope"
              checked={scope === 'tool'}
              disabled={!selectedToolName}
              onChange={() => onScopeChange('tool')}
            />
            {selectedToolName ?? 'No tool selected'}
          </label>
          <label>
            <input
              type="radio"
              name="export-scope"
              checked={scope === 'enabled'}
              disabled={enabledCount === 0}
              onChange={() => onScopeChange('enabled')}
            />
            All enabled tools ({enabledCount})
          </label>
        </div>
        <div className="export-targets" role="radiogroup" aria-label="Export format">
          {choices.map((entry) => (
            <label key={entry.choice} className={choice === entry.choice ? 'selected' : undefined}>
              <input type="radio" name="export-format" checked={choice === entry.choice} onChange={() => onChoiceChange(entry.choice)} />
              {entry.label}
            </label>
          ))}
        </div>
      </div>
      {lints.length > 0 && (
        <section className="export-lints" aria-label="Before you export">
          <h3>Before you export</h3>
          <ul>
            {lints.map((lint, index) => (
              <li key={index} className="problem severity-warning">
                <span className="problem-message">
                  <strong>{lint.toolName}</strong>: {lint.message}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {choice === 'project' ? (
        <ProjectDownloadPanel {...project} />
      ) : generated?.ok ? (
        <ExportPreview code={generated.code} onDownload={onDownloadFile} />
      ) : (
        <p className="empty-hint" role="status">
          {generated?.reason ?? 'Nothing to export.'}
        </p>
      )}
    </Dialog>
  );
}
