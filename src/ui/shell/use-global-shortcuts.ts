import { useEffect, useRef } from 'react';

export interface Shortcuts {
  onRun(): void;
  onStop(): void;
  onSave(): void;
  /** P: enter or leave presenter mode. */
  onTogglePresenter(): void;
  /** Esc while presenting: leaves presenter mode (and does not stop the run being shown). Returns whether it did. */
  onLeavePresenter(): boolean;
}

/** Typing there must not trigger one-letter shortcuts. */
function isEditable(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"], .monaco-editor');
}

/**
 * Ctrl/Cmd+Enter runs, Esc stops, Ctrl/Cmd+S saves (instead of the browser's "Save page" dialog), P
 * presents. Listened to in the capture phase so Monaco, which handles Ctrl+Enter itself, does not swallow it.
 */
export function useGlobalShortcuts(shortcuts: Shortcuts) {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modifier = event.ctrlKey || event.metaKey;
      if (modifier && event.key === 'Enter') {
        // The message box sends with Enter; Ctrl+Enter there should not also run a test call.
        if ((event.target as HTMLElement | null)?.closest?.('.composer')) return;
        event.preventDefault();
        event.stopPropagation();
        latest.current.onRun();
      } else if (modifier && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latest.current.onSave();
      } else if (event.key === 'Escape' && !document.querySelector('dialog[open]') && !document.querySelector('.suggest-widget.visible')) {
        if (!latest.current.onLeavePresenter()) latest.current.onStop();
      } else if (
        event.key.toLowerCase() === 'p' &&
        !modifier &&
        !event.altKey &&
        !isEditable(event.target) &&
        !document.querySelector('dialog[open]')
      ) {
        event.preventDefault();
        latest.current.onTogglePresenter();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
