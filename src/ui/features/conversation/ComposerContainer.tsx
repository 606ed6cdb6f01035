import { useShellStore } from '../../store-context.tsx';
import { Composer } from './Composer.tsx';

/**
 * The composer, reading only the shell's part of the store: the shell draws it before the conversation
 * panel has loaded, so a person can type and press Send at once; the message is sent when the run layer
 * is in (shell-store.ts), a moment later.
 */
export function ComposerContainer({ running = false }: { running?: boolean }) {
  const draft = useShellStore((state) => state.messageDraft);
  const setDraft = useShellStore((state) => state.setMessageDraft);
  const sendMessage = useShellStore((state) => state.sendMessage);
  return <Composer draft={draft} onDraftChange={setDraft} onSend={(text) => void sendMessage(text)} running={running} />;
}

/** The conversation panel as the first paint has it: an empty transcript and the composer. */
export function ShellConversation() {
  return (
    <div className="conversation">
      <div className="transcript" aria-label="Transcript">
        <div className="transcript-content">
          <p className="empty-hint">Run a scenario or send a message. The mock model needs no key.</p>
        </div>
      </div>
      <ComposerContainer />
    </div>
  );
}
