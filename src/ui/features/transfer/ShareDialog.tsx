import { useState } from 'react';
import { Dialog } from '../../elements/Dialog.tsx';

interface ShareDialogProps {
  url: string;
  warning?: string;
  onClose(): void;
}

export function ShareDialog({ url, warning, onClose }: ShareDialogProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <Dialog
      title="Share this workspace"
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" className="primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <p>The link holds your tools, scenarios and settings, compressed. It never holds API keys.</p>
      <textarea aria-label="Share link" readOnly rows={4} value={url} onFocus={(event) => event.target.select()} />
      <p className="hint">{url.length.toLocaleString()} characters.</p>
      {warning && <p className="notice notice-warning">{warning}</p>}
    </Dialog>
  );
}
