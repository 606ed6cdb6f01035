import { useLayoutEffect, useRef } from 'react';

interface ComposerProps {
  draft: string;
  onDraftChange(text: string): void;
  /** Called with the trimmed text; the caller clears the draft. */
  onSend(text: string): void;
  running: boolean;
}

/**
 * Whether the composer that just went away had the focus, and where its caret was: the shell's composer
 * is replaced by the conversation panel's a moment after the first paint (issue 30), and someone typing
 * into it at that moment must go on typing into the new one.
 */
let handedOver: { start: number; end: number } | null = null;

/** The Message box and Send, under the transcript. */
export function Composer({ draft, onDraftChange, onSend, running }: ComposerProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = field.current;
    if (element && handedOver) {
      element.focus();
      element.setSelectionRange(handedOver.start, handedOver.end);
    }
    handedOver = null;
    return () => {
      if (element && document.activeElement === element) handedOver = { start: element.selectionStart, end: element.selectionEnd };
    };
  }, []);
  const send = () => {
    if (!draft.trim() || running) return;
    onSend(draft.trim());
    onDraftChange('');
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={field}
        aria-label="Message"
        rows={2}
        value={draft}
        placeholder="Ask something that needs a tool, e.g. “What's the weather in Paris?”"
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
      />
      <button type="submit" className="primary" disabled={running || !draft.trim()}>
        Send
      </button>
    </form>
  );
}
