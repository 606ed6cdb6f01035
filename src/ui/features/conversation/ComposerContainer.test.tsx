// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createDefaultWorkspace } from '../../../workspace/index.ts';
import { createShellStore, markRunLayerInstalled } from '../../../store/shell-store.ts';
import { AppStoreProvider } from '../../store-context.tsx';
import { Composer } from './Composer.tsx';
import { ShellConversation } from './ComposerContainer.tsx';

afterEach(cleanup);

describe('the shell composer: type and press Send before the conversation panel has loaded (issue 30)', () => {
  it('keeps the text in the store and sends it once the run layer is in', async () => {
    const store = createShellStore({ workspace: createDefaultWorkspace() });
    render(
      <AppStoreProvider store={store}>
        <ShellConversation />
      </AppStoreProvider>,
    );
    const message = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(message, { target: { value: 'Weather in Paris?' } });
    expect(store.getState().messageDraft).toBe('Weather in Paris?');

    const sent = vi.fn(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(store.getState().messageDraft, 'the box empties at once, as after any Send').toBe('');
    // The run layer joins: its sendMessage takes the shell's place and receives the waiting message.
    store.setState({ sendMessage: sent });
    markRunLayerInstalled(store);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith('Weather in Paris?'));
  });

  it('hands the focus and the caret to the composer that replaces it', () => {
    const { rerender } = render(<Composer key="shell" draft="Weather" onDraftChange={() => {}} onSend={() => {}} running={false} />);
    const first = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    first.focus();
    first.setSelectionRange(3, 3);
    rerender(<Composer key="panel" draft="Weather" onDraftChange={() => {}} onSend={() => {}} running={false} />);
    const second = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(second).not.toBe(first);
    expect(document.activeElement).toBe(second);
    expect(second.selectionStart).toBe(3);
  });
});
