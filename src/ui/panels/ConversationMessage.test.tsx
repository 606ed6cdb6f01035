// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ConversationMessage } from './ConversationMessage.tsx';

afterEach(cleanup);

const assistant = {
  role: 'assistant' as const,
  content: 'Checking.',
  toolCalls: [{ id: 'a', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
};

describe('ConversationMessage', () => {
  it('names the tools offered on the turn above the assistant message (discovery on)', () => {
    render(<ConversationMessage message={assistant} callStatus={{}} offeredTools={['get_weather', 'search_web']} />);
    expect(screen.getByLabelText('Tools offered on this turn').textContent).toBe('offered: get_weather, search_web');
  });

  it('says nothing about offers when every tool was offered', () => {
    render(<ConversationMessage message={assistant} callStatus={{}} />);
    expect(screen.queryByLabelText('Tools offered on this turn')).toBeNull();
  });
});
