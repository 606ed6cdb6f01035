import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model-types.ts';
import { successInWords } from './describe-success.ts';
import { failureKindOf, outcomesSinceUser } from './read-results.ts';
import { answerFromConversation, everyCallSucceeded } from './summarize-results.ts';

const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: JSON.stringify(args) });
const result = (id: string, name: string, content: unknown, isError = false): ChatMessage => ({
  role: 'tool',
  toolCallId: id,
  name,
  content: typeof content === 'string' ? content : JSON.stringify(content),
  ...(isError ? { isError } : {}),
});

describe('reading a failure the way a model does, from the executor wording', () => {
  it('names each kind the executor writes', () => {
    expect(failureKindOf('Unknown tool "x". Available tools: a.')).toBe('unknown_tool');
    expect(failureKindOf('Invalid arguments for tool "x": user_id: Required')).toBe('invalid_arguments');
    expect(failureKindOf('Tool "x" timed out after 3000 ms')).toBe('timeout');
    expect(failureKindOf('Call to tool "x" was aborted: stop')).toBe('aborted');
    expect(failureKindOf('Tool "x" is unavailable: Health probe: 503')).toBe('unavailable');
    // A 503 the tool threw is the tool's error, not the executor's "unavailable".
    expect(failureKindOf('Injected fault: 503 Service Unavailable')).toBe('execution_error');
  });

  it('treats cut-off JSON text as a failure (malformed result), plain text as a success', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', toolCalls: [call('a', 'get_weather', { city: 'Oslo' }), call('b', 'echo', {})] },
      result('a', 'get_weather', '{"city":"Oslo","tempera'),
      result('b', 'echo', 'hello'),
    ];
    expect(outcomesSinceUser(messages).map((outcome) => outcome.failure?.kind)).toEqual(['malformed_result', undefined]);
  });
});

describe('the final answer', () => {
  const turn = (...calls: ReturnType<typeof call>[]): ChatMessage => ({ role: 'assistant', content: '', toolCalls: calls });

  it('a corrected call makes the rejected one good; a failure worked around with another tool is still told', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'price of ACME, and Ada' },
      turn(call('1', 'lookup_user', { id: 'ada' }), call('2', 'get_stock_price', { symbol: 'ACME' })),
      result('1', 'lookup_user', { error: 'Invalid arguments for tool "lookup_user": user_id: Required' }, true),
      result('2', 'get_stock_price', { error: 'Unknown tool "get_stock_price". Available tools: search_web.' }, true),
      turn(call('3', 'lookup_user', { user_id: 'usr_1' }), call('4', 'search_web', { query: 'ACME stock' })),
      result('3', 'lookup_user', { user_id: 'usr_1', name: 'Ada Lovelace', plan: 'pro', created_at: '2023-02-11' }),
      result('4', 'search_web', { query: 'ACME stock', results: [{ title: 'ACME up 3 %', url: 'https://x.example' }] }),
    ];
    expect(answerFromConversation(messages)).toBe(
      [
        'Here is a partial answer: 1 of 3 calls failed.',
        '- lookup_user: Ada Lovelace: on the pro plan, created 11 February 2023',
        '- search_web: ACME stock: 1 result: “ACME up 3 %”',
        '- get_stock_price for ACME failed with unknown_tool: Unknown tool "get_stock_price". Available tools: search_web.',
        'Next: I asked for a tool that does not exist: I would use one of the tools I have.',
      ].join('\n'),
    );
    expect(everyCallSucceeded(messages)).toBe(false);
  });

  it('groups the same failure of many calls on one line, says it is temporary, and that the answer is partial', () => {
    const ids = ['P-1', 'P-2', 'P-3'];
    const messages: ChatMessage[] = [
      { role: 'user', content: 'stock' },
      turn(...ids.map((id) => call(id, 'inventory_api', { product_id: id })), call('ok', 'inventory_api', { product_id: 'P-4' })),
      ...ids.map((id) => result(id, 'inventory_api', { error: '429 Too Many Requests' }, true)),
      result('ok', 'inventory_api', { product_id: 'P-4', available_units: 12, served_in_ms: 300, requests_in_flight: 1 }),
    ];
    expect(answerFromConversation(messages)).toBe(
      [
        'Here is a partial answer: 3 of 4 calls failed.',
        '- inventory_api: P-4: 12 in stock, served in 300 ms, 1 request in flight at the service',
        '- inventory_api for P-1, P-2 and P-3 failed with execution_error: 429 Too Many Requests',
        'Next: the service failed for now (a temporary error): I would try those calls again in a moment.',
      ].join('\n'),
    );
  });

  it('never tells wall-clock timestamps or ids, and reads a weather result as a sentence would', () => {
    expect(successInWords({ job: 'reindex', finished_at: '2026-01-01T10:00:00.000Z' }, { job: 'reindex' })).toBe('finished');
    expect(successInWords({ city: 'Lima', temperature: 81, unit: 'fahrenheit', conditions: 'foggy', humidity: 59 })).toBe(
      '81 °F, foggy, humidity 59 %',
    );
    expect(successInWords({ message_id: 'm_1', to: 'a@b.example', subject: 'Hi', accepted: true })).toBe(
      'subject Hi, accepted for delivery',
    );
  });
});
