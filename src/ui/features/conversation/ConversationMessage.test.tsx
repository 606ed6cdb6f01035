// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConversationMessage } from './ConversationMessage.tsx';

afterEach(cleanup);

const assistant = {
  role: 'assistant' as const,
  content: 'Checking.',
  toolCalls: [{ id: 'a', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
};

describe('ConversationMessage', () => {
  it('names the tools offered on the turn above the assistant message (discovery on)', () => {
    render(<ConversationMessage index={0} message={assistant} callStatus={{}} offeredTools={['get_weather', 'search_web']} />);
    expect(screen.getByLabelText('Tools offered on this turn').textContent).toBe('offered: get_weather, search_web');
  });

  it("a call waiting to retry says backoff on its chip, the timeline's word, and its outcome once it ended", () => {
    const { rerender, container } = render(<ConversationMessage index={0} message={assistant} callStatus={{ a: { status: 'backoff' } }} />);
    expect(container.querySelector('.call-status')?.textContent).toBe('backoff');
    rerender(<ConversationMessage index={0} message={assistant} callStatus={{ a: { status: 'timeout', durationMs: 5000.4 } }} />);
    expect(container.querySelector('.call-status')?.textContent).toBe('error: timeout · 5000 ms');
    expect(container.querySelector('.tool-call')?.classList.contains('state-error')).toBe(true);
  });

  it('says nothing about offers when every tool was offered', () => {
    render(<ConversationMessage index={0} message={assistant} callStatus={{}} />);
    expect(screen.queryByLabelText('Tools offered on this turn')).toBeNull();
  });

  it('selects a call from its chip, shows the selection, and a second click clears it (issue 14)', () => {
    const onSelectCall = vi.fn();
    const { rerender } = render(<ConversationMessage index={0} message={assistant} callStatus={{}} onSelectCall={onSelectCall} />);
    fireEvent.click(screen.getByRole('button', { name: /get_weather/ }));
    expect(onSelectCall).toHaveBeenLastCalledWith('a');
    rerender(<ConversationMessage index={0} message={assistant} callStatus={{}} onSelectCall={onSelectCall} selectedToolCallId="a" />);
    const chip = screen.getByRole('button', { name: /get_weather/, pressed: true });
    fireEvent.click(chip);
    expect(onSelectCall).toHaveBeenLastCalledWith(null);
  });

  it('shows the key argument instead of the JSON in the compact strip', () => {
    const two = { ...assistant, toolCalls: [...assistant.toolCalls, { id: 'b', name: 'get_weather', arguments: '{"city":"Lima"}' }] };
    render(<ConversationMessage index={0} message={two} callStatus={{}} onSelectCall={() => {}} compact />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      expect.stringContaining('get_weatherOslo'),
      expect.stringContaining('get_weatherLima'),
    ]);
  });

  it('shows a tool result as the model read it, and indented (issue 14)', () => {
    const content = '{"city":"Oslo","temperature":{"value":4,"unit":"celsius"}}';
    render(
      <ConversationMessage
        index={0}
        message={{ role: 'tool', toolCallId: 'a', name: 'get_weather', content, isError: false }}
        callStatus={{}}
      />,
    );
    expect(screen.getByLabelText('Result of get_weather sent to the model').textContent).toBe(content);
    expect(screen.getByLabelText('Result of get_weather, indented').textContent).toBe(JSON.stringify(JSON.parse(content), null, 2));
  });

  it('renders every chip of a turn of 50 calls, and only a window of the chips of a turn of 1,000 (issue 30)', () => {
    const turn = (count: number) => ({
      ...assistant,
      toolCalls: Array.from({ length: count }, (_, index) => ({
        id: `c${index}`,
        name: 'slow_report',
        arguments: `{"topic":"Report ${index + 1}"}`,
      })),
    });
    const { container, rerender } = render(<ConversationMessage index={0} message={turn(50)} callStatus={{}} />);
    expect(container.querySelectorAll('li.tool-call')).toHaveLength(50);
    rerender(<ConversationMessage index={0} message={turn(1000)} callStatus={{}} />);
    // jsdom lays nothing out: the window is its first screenful, each chip saying where it stands.
    const chips = container.querySelectorAll('li.tool-call');
    expect(chips.length).toBeLessThan(100);
    expect(chips[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(chips[0]?.getAttribute('aria-setsize')).toBe('1000');
    // The chips left out are stood for by a spacer that assistive technology skips.
    expect(screen.getAllByRole('listitem')).toHaveLength(chips.length);
  });
});
