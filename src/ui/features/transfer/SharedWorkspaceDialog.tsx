import type { ShareLinkSummary } from '../../../workspace/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';

interface SharedWorkspaceDialogProps {
  summary: ShareLinkSummary;
  onAccept(): void;
  onReject(): void;
}

/** Shows what a share link carries; nothing from it runs until the user opens it. */
export function SharedWorkspaceDialog({ summary, onAccept, onReject }: SharedWorkspaceDialogProps) {
  return (
    <Dialog
      title="Open a shared workspace?"
      onClose={onReject}
      actions={
        <>
          <button type="button" onClick={onReject}>
            Keep my workspace
          </button>
          <button type="button" className="primary" onClick={onAccept}>
            Open shared workspace
          </button>
        </>
      }
    >
      <p>This link carries code that will run in the sandbox when you use its tools. Nothing has run yet.</p>
      {summary.warnings.map((warning) => (
        <p key={warning} className="notice notice-warning">
          {warning}
        </p>
      ))}
      <h3>Tools ({summary.tools.length})</h3>
      <ul className="summary-list">
        {summary.tools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code> — {tool.schemaLines} lines of schema, {tool.codeLines} lines of code{tool.enabled ? '' : ' (disabled)'}
          </li>
        ))}
      </ul>
      {summary.scenarios.length > 0 && <p>Scenarios: {summary.scenarios.map((scenario) => scenario.name).join(', ')}</p>}
      <p>
        Network allowlist:{' '}
        {summary.fetchAllowlist.length === 0 ? 'none (tools cannot reach the network)' : summary.fetchAllowlist.join(', ')}
      </p>
      <p className="hint">Your current workspace is replaced only if you open this one; export it first if you want to keep a copy.</p>
    </Dialog>
  );
}
