// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { formatForModel, type ToolCallResult } from '../../../core/index.ts';
import { CallResultView } from './CallResultView.tsx';

afterEach(cleanup);

const result: ToolCallResult = {
  toolCallId: 'test_1',
  name: 'get_weather',
  status: 'success',
  result: { temperature: 21 },
  attempts: 1,
  queuedAt: 0,
  startedAt: 0,
  endedAt: 12,
  durationMs: 12,
  logs: [],
  attemptsDetail: [],
  ignoredKeys: ['units'],
};

describe('CallResultView', () => {
  it('shows a successful call that ignored a key, and the note the model reads about it (issue 12)', () => {
    render(<CallResultView result={result} running={false} modelText={formatForModel(result)} />);
    const view = screen.getByRole('region', { name: 'Call result' });
    expect(view.textContent).toContain('success');
    expect(within(view).getByRole('note', { name: 'Ignored keys' }).textContent).toContain('units');
    expect(view.querySelector('.model-text')?.textContent).toContain('was ignored: "units"');
  });
});
