import { useEffect, useState } from 'react';

interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name ("Copy definition"). */
  what?: string;
  className?: string;
}

/** Copies `text` to the clipboard and says whether it worked (a page without clipboard access says so). */
export function CopyButton({ text, what, className }: CopyButtonProps) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), 2500);
    return () => clearTimeout(timer);
  }, [status]);
  const copy = () => {
    if (!navigator.clipboard) return setStatus('failed');
    navigator.clipboard.writeText(text).then(
      () => setStatus('copied'),
      () => setStatus('failed'),
    );
  };
  return (
    <span className={`copy-button ${className ?? ''}`}>
      <button type="button" onClick={copy} aria-label={what ? `Copy ${what}` : 'Copy'}>
        {status === 'copied' ? 'Copied' : 'Copy'}
      </button>
      {/* "Copied" is on the button; the status line is for screen readers unless the copy failed. */}
      <span role="status" className={status === 'failed' ? 'copy-status error-text' : 'copy-status visually-hidden'}>
        {status === 'copied'
          ? 'Copied to the clipboard.'
          : status === 'failed'
            ? 'The browser refused the clipboard: select the text and press Ctrl+C.'
            : ''}
      </span>
    </span>
  );
}
