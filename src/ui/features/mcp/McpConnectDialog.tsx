import { useState, type FormEvent } from 'react';
import type { Result } from '../../../core/index.ts';
import { Dialog } from '../../elements/Dialog.tsx';

export interface McpConnectForm {
  url: string;
  headers: { name: string; value: string }[];
  bearerToken: string;
  rememberSecrets: boolean;
}

interface McpConnectDialogProps {
  initial: McpConnectForm;
  /** Header names whose value is kept in memory already (shown as such; typing a value replaces it). */
  keptSecrets?: string[];
  onConnect(form: McpConnectForm): Promise<Result<object, { error: string }>>;
  onClose(): void;
}

/** URL, headers and a bearer token; the connect's failure stays on screen with the form as typed. */
export function McpConnectDialog({ initial, keptSecrets = [], onConnect, onClose }: McpConnectDialogProps) {
  const [form, setForm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setHeader = (index: number, patch: Partial<McpConnectForm['headers'][number]>) =>
    setForm({ ...form, headers: form.headers.map((header, position) => (position === index ? { ...header, ...patch } : header)) });
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await onConnect(form);
    setBusy(false);
    if (outcome.ok) onClose();
    else setError(outcome.error);
  };
  return (
    <Dialog
      title="Connect an MCP server"
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="mcp-connect-form" className="primary" disabled={busy || form.url.trim() === ''} aria-busy={busy}>
            {busy ? 'Connecting…' : 'Connect'}
          </button>
        </>
      }
    >
      <form id="mcp-connect-form" className="mcp-connect-form" onSubmit={(event) => void submit(event)}>
        <label>
          Server URL (Streamable HTTP; HTTP+SSE is tried if it refuses)
          <input
            type="url"
            value={form.url}
            placeholder="http://127.0.0.1:4310/mcp"
            onChange={(event) => setForm({ ...form, url: event.target.value })}
            autoFocus
            required
          />
        </label>
        <fieldset>
          <legend>Headers</legend>
          {form.headers.map((header, index) => (
            <div className="mcp-header-row" key={index}>
              <input
                aria-label={`Header ${index + 1} name`}
                placeholder="Name"
                value={header.name}
                onChange={(event) => setHeader(index, { name: event.target.value })}
              />
              <input
                aria-label={`Header ${index + 1} value`}
                placeholder={keptSecrets.includes(header.name) ? '(kept in memory)' : 'Value'}
                value={header.value}
                onChange={(event) => setHeader(index, { value: event.target.value })}
              />
              <button
                type="button"
                aria-label={`Remove header ${index + 1}`}
                onClick={() => setForm({ ...form, headers: form.headers.filter((_, position) => position !== index) })}
              >
                ×
              </button>
            </div>
          ))}
          <button type="button" onClick={() => setForm({ ...form, headers: [...form.headers, { name: '', value: '' }] })}>
            Add header
          </button>
        </fieldset>
        <label>
          Bearer token (optional)
          <input
            type="password"
            autoComplete="off"
            value={form.bearerToken}
            placeholder={keptSecrets.includes('Authorization') ? '(kept in memory)' : ''}
            onChange={(event) => setForm({ ...form, bearerToken: event.target.value })}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.rememberSecrets}
            onChange={(event) => setForm({ ...form, rememberSecrets: event.target.checked })}
          />
          Remember the token and secret headers on this device (plain text in its storage)
        </label>
        <p className="hint">
          The token and headers such as Authorization or X-Api-Key are kept like API keys: never saved in the workspace, exported or shared.
          The server must allow this page&apos;s origin (CORS). A stdio server, or one that sends no CORS headers, is reached through the
          local bridge: <code>npm run mcp-bridge -- npx some-server</code> (or <code>-- https://server.example/mcp</code>), then connect to
          the URL it prints.
        </p>
        {error && (
          <p className="run-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
