import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../llm/index.ts';
import { runFreeFormRequest } from './run-sample-scenario.test-support.ts';

// Issue 27, points 2 and 3: the free-form mock model, with the sample tools, gives each intent of a request
// its call (together when independent), and puts a step that needs another's result in the next turn.

/** The calls of each model turn that asked for tools, with their arguments parsed. */
function callsByTurn(messages: readonly ChatMessage[]): { name: string; arguments: Record<string, unknown> }[][] {
  return messages.flatMap((message) =>
    message.role === 'assistant' && message.toolCalls.length > 0
      ? [message.toolCalls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as Record<string, unknown> }))]
      : [],
  );
}

describe('free-form requests with the sample tools', () => {
  it('two intents in one request get a call each, in the same turn: calculator and search_web', async () => {
    const { result } = await runFreeFormRequest('What is 17% of 2340, and the latest SpaceX news?');
    const turns = callsByTurn(result.messages);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toEqual([
      { name: 'calculator', arguments: { expression: '17 / 100 * 2340' } },
      { name: 'search_web', arguments: { query: 'latest SpaceX news' } },
    ]);
    expect(result.reply).toContain('17 / 100 * 2340 = 397.8');
    expect(result.reply).toContain('search_web');
  });

  it('a step that needs the report goes in the next turn, and the email carries what the report returned', async () => {
    const { result, events } = await runFreeFormRequest('Write the Q3 report for the Nordics and email it to ana@example.com');
    const turns = callsByTurn(result.messages);
    expect(turns.map((turn) => turn.map((call) => call.name))).toEqual([['slow_report'], ['send_email']]);
    expect(turns[0]?.[0]?.arguments).toEqual({ topic: 'Q3 report for the Nordics' });
    const email = turns[1]?.[0]?.arguments ?? {};
    expect(email).toMatchObject({ to: 'ana@example.com', subject: 'Q3 report for the Nordics' });
    expect(String(email.body)).toContain('Summary: Q3 report for the Nordics');
    // The email started only after the report had ended.
    const ends = events.flatMap((event) => (event.type === 'tool-call-end' ? [[event.result.name, event.result.endedAt] as const] : []));
    const starts = events.flatMap((event) => (event.type === 'tool-call-start' ? [[event.name, event.time] as const] : []));
    const reportEnd = ends.find(([name]) => name === 'slow_report')?.[1] ?? Infinity;
    expect(starts.find(([name]) => name === 'send_email')?.[1]).toBeGreaterThanOrEqual(reportEnd);
    expect(result.reply).toMatch(/^Here is what I found/);
  });

  it('when the report fails, the email is not sent and the answer says why', async () => {
    const { result } = await runFreeFormRequest('Write the Q3 report for the Nordics and email it to ana@example.com', {
      faults: {
        slow_report: {
          enabled: true,
          latency: null,
          transientRate: 0,
          permanentRate: 1,
          rateLimitRate: 0,
          retryAfterMs: 0,
          unavailableRate: 0,
          hangRate: 0,
          malformedRate: 0,
        },
      },
    });
    expect(callsByTurn(result.messages).map((turn) => turn.map((call) => call.name))).toEqual([['slow_report']]);
    expect(result.reply).toContain('slow_report for Q3 report for the Nordics failed with execution_error');
    expect(result.reply).toContain('I did not call send_email');
  });
});
