import type { WorkspaceSummary } from '../../../workspace/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';

interface SharedWorkspaceDialogProps {
  summary: WorkspaceSummary;
  /** A share link, or a file being imported (named). */
  carrier: { kind: 'link' } | { kind: 'file'; fileName: string };
  onAccept(): void;
  onReject(): void;
}

/**
 * Shows what a share link or an imported file changes; nothing from it applies or runs until the person
 * accepts (issue 28: a file once replaced the workspace at once, base URL and allowlist included).
 */
export function SharedWorkspaceDialog({ summary, carrier, onAccept, onReject }: SharedWorkspaceDialogProps) {
  const title = carrier.kind === 'link' ? 'Open a shared workspace?' : `Import ${carrier.fileName}?`;
  return (
    <Dialog
      title={title}
      onClose={onReject}
      actions={
        <>
          <button type="button" onClick={onReject}>
            Keep my workspace
          </button>
          <button type="button" className="primary" onClick={onAccept}>
            {carrier.kind === 'link' ? 'Open shared workspace' : 'Import and replace my workspace'}
          </button>
        </>
      }
    >
      <p>This {carrier.kind} carries code that will run in the sandbox when you use its tools. Nothing has run or changed yet.</p>
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
        Model: {summary.provider.kind}
        {summary.provider.baseUrl === '' ? (
          " at the provider's default address"
        ) : (
          <>
            {' '}
            at <code>{summary.provider.baseUrl}</code>
          </>
        )}
      </p>
      <p>
        Network allowlist:{' '}
        {summary.fetchAllowlist.length === 0 ? 'none (tools cannot reach the network)' : summary.fetchAllowlist.join(', ')}
      </p>
      <p>
        MCP servers:{' '}
        {summary.mcpServers.length === 0
          ? 'none'
          : summary.mcpServers
              .map((server) => `${server.url}${server.headerNames.length > 0 ? ` (headers: ${server.headerNames.join(', ')})` : ''}`)
              .join('; ')}
      </p>
      <p className="hint">Your current workspace is replaced only if you accept; export it first if you want to keep a copy.</p>
    </Dialog>
  );
}
