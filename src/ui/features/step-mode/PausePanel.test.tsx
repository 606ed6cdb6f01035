// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PausePanel } from './PausePanel.tsx';

afterEach(cleanup);

describe('PausePanel', () => {
  it('hands back the calls as edited: an argument changed, one removed, one added', () => {
    const onContinue = vi.fn();
    render(
      <PausePanel
        point={{
          kind: 'tool-batch',
          iteration: 1,
          calls: [
            { id: 'a', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { id: 'b', name: 'search_web', arguments: '{"query":"x"}' },
          ],
        }}
        onContinue={onContinue}
        onStep={vi.fn()}
        onStop={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Arguments of call 1' }), { target: { value: '{"city":"Oslo"' } });
    expect(screen.getByText(/Not valid JSON/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Arguments of call 1' }), { target: { value: '{"city":"Oslo"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove call 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add call' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith({
      calls: [
        { id: 'a', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { id: '', name: 'get_weather', arguments: '{}' },
      ],
    });
  });

  it('hands back edited tool results, and Stop stops', () => {
    const onStep = vi.fn();
    const onStop = vi.fn();
    render(
      <PausePanel
        point={{
          kind: 'tool-results',
          iteration: 2,
          calls: [],
          results: [],
          messages: [{ role: 'tool', toolCallId: 'a', name: 'get_weather', content: '{"t":1}' }],
        }}
        onContinue={vi.fn()}
        onStep={onStep}
        onStop={onStop}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Result of get_weather 1' }), { target: { value: '{"t":-40}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Step' }));
    expect(onStep).toHaveBeenCalledWith({ toolMessages: [{ role: 'tool', toolCallId: 'a', name: 'get_weather', content: '{"t":-40}' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
  });

  // Issue 27, point 9: the first pause of every run read "1 messages to send".
  it('counts the messages to send in words a person reads: 1 message, 2 messages', () => {
    const pause = (count: number) => (
      <PausePanel
        point={{
          kind: 'model-call',
          iteration: 1,
          messages: Array.from({ length: count }, () => ({ role: 'user' as const, content: 'hi' })),
        }}
        onContinue={vi.fn()}
        onStep={vi.fn()}
        onStop={vi.fn()}
      />
    );
    const { rerender } = render(pause(1));
    expect(screen.getByRole('heading').textContent).toBe('Paused before model call 1 (1 message to send)');
    rerender(pause(2));
    expect(screen.getByRole('heading').textContent).toBe('Paused before model call 1 (2 messages to send)');
  });
});
