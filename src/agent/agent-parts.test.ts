import { describe, expect, it } from 'vitest';
import type { ToolCallResult, ToolDefinition } from '../core/index.ts';
import type { ChatMessage, GenerateResult } from '../llm/index.ts';
import { reconcileCalls } from './agent-controller.ts';
import { cutOffError } from './cut-off.ts';
import { normalizeToolCallIds } from './tool-call-ids.ts';
import { missingResultText, toolMessagesFor } from './tool-messages.ts';
import { assertCanSelect, latestUserText, offerTools } from './tool-selection.ts';
import type { AgentExecutor } from './agent-types.ts';

// Issue 20: the agent's small parts, each rule on its own (mutation testing showed them checked only
// through whole runs, where many changes went unnoticed).

const call = (id: string, name = 'get_weather', args = '{}') => ({ id, name, arguments: args });
const result = (toolCallId: string, status: 'success' | 'error', value: string): ToolCallResult => ({
  toolCallId,
  name: 'get_weather',
  ...(status === 'success' ? { status, result: value } : { status, error: { kind: 'execution_error', message: value, retryable: false } }),
  attempts: 1,
  queuedAt: 0,
  startedAt: 0,
  endedAt: 0,
  durationMs: 0,
  logs: [],
  attemptsDetail: [],
});
const generated = (finishReason: GenerateResult['finishReason'], rawFinishReason?: string): GenerateResult => ({
  content: '',
  toolCalls: [],
  finishReason,
  ...(rawFinishReason === undefined ? {} : { rawFinishReason }),
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
});

describe('normalizeToolCallIds', () => {
  it('gives blank ids one from the iteration and position, and repeats a #n suffix, keeping untouched calls as they are', () => {
    const calls = [call('a'), call(''), call('  '), call('a'), call('a'), call('call_3_1')];
    const normalized = normalizeToolCallIds(calls, 3);
    expect(normalized.map((entry) => entry.id)).toEqual(['a', 'call_3_1', 'call_3_2', 'a#2', 'a#3', 'call_3_1#2']);
    expect(normalized[0]).toBe(calls[0]);
    expect(normalized[3]).toEqual({ ...calls[3], id: 'a#2' });
    // A blank id whose made-up id is taken gets the suffix too.
    expect(normalizeToolCallIds([call('call_2_1'), call('')], 2).map((entry) => entry.id)).toEqual(['call_2_1', 'call_2_1#2']);
  });
});

describe('reconcileCalls (calls a step-mode controller edited)', () => {
  it('trims ids, makes up ids for blank ones, and counts a #n suffix up for every repeat', () => {
    const calls = [call('x'), call(' x '), call('x'), call('call_4_edit_4'), call('')];
    expect(reconcileCalls(calls, 4).map((entry) => entry.id)).toEqual(['x', 'x#2', 'x#3', 'call_4_edit_4', 'call_4_edit_4#2']);
  });
});

describe('toolMessagesFor', () => {
  it('answers each call by its id, marks errors, keeps the first of two results for one id', () => {
    const messages = toolMessagesFor(
      [call('a'), call('b', 'search')],
      [result('b', 'error', 'failed'), result('a', 'success', 'sunny'), result('a', 'success', 'second')],
    );
    expect(messages).toEqual([
      { role: 'tool', toolCallId: 'a', name: 'get_weather', content: 'sunny' },
      { role: 'tool', toolCallId: 'b', name: 'search', content: '{"error":"failed"}', isError: true },
    ]);
  });

  it('falls back to the result at the same position only when that result belongs to no other call', () => {
    const positional = toolMessagesFor([call('a'), call('b')], [result('x', 'success', 'for a'), result('a', 'success', 'for a by id')]);
    expect(positional.map((message) => message.content)).toEqual(['for a by id', missingResultText]);
    const unclaimed = toolMessagesFor([call('a')], [result('other', 'success', 'by position')]);
    expect(unclaimed[0]?.content).toBe('by position');
    const missing = toolMessagesFor([call('a'), call('b')], []);
    expect(missing).toEqual([
      { role: 'tool', toolCallId: 'a', name: 'get_weather', content: missingResultText, isError: true },
      { role: 'tool', toolCallId: 'b', name: 'get_weather', content: missingResultText, isError: true },
    ]);
    expect(JSON.parse(missingResultText)).toEqual({ error: 'No result was recorded for this call (the executor returned none).' });
  });
});

describe('cutOffError', () => {
  it('is nothing for a complete response', () => {
    expect(cutOffError(generated('tool_calls'), [call('a', 'x', '{"a":1}')], 'Model')).toBeUndefined();
  });

  it('names the finish reason and counts the calls it did not run', () => {
    const one = cutOffError(generated('length', 'max_tokens'), [call('a')], 'Claude');
    expect([one?.kind, one?.provider]).toEqual(['cut_off', 'Claude']);
    expect(one?.message).toBe(
      'The model\'s response was cut off at its output token limit (finish reason "max_tokens"). None of its 1 tool call was run. Raise the output token limit or ask for less at once.',
    );
    const none = cutOffError(generated('length'), [], 'Model');
    expect(none?.message).toBe(
      'The model\'s response was cut off at its output token limit (finish reason "length"). Raise the output token limit or ask for less at once.',
    );
  });

  it('names the calls whose arguments stop mid-value, even with another finish reason', () => {
    const error = cutOffError(
      generated('tool_calls'),
      [call('a', 'get_weather', '{"city": "Par'), call('b', '', '[1,'), call('c', 'ok', '{}')],
      'Model',
    );
    expect(error?.message).toBe(
      "The model's response ended in the middle of the arguments of get_weather, a tool call. None of its 3 tool calls were run. Raise the output token limit or ask for less at once.",
    );
  });
});

describe('tool selection', () => {
  const definitions: ToolDefinition[] = [
    { name: 'get_weather', description: 'weather', parameters: { type: 'object' } },
    { name: 'search_web', description: 'search', parameters: { type: 'object' } },
  ];
  const conversation: ChatMessage[] = [
    { role: 'user', content: 'first question' },
    { role: 'assistant', content: 'answer', toolCalls: [] },
    { role: 'user', content: 'weather in Oslo?' },
    { role: 'assistant', content: 'checking', toolCalls: [] },
  ];

  function executor(discover?: AgentExecutor['discover']): AgentExecutor & { asked: unknown[] } {
    const asked: unknown[] = [];
    return {
      asked,
      getDefinitions: (options?: unknown) => {
        asked.push(['definitions', options]);
        return definitions;
      },
      ...(discover ? { discover } : {}),
    } as unknown as AgentExecutor & { asked: unknown[] };
  }

  it('reads the latest user message, or nothing when there is none', () => {
    expect(latestUserText(conversation)).toBe('weather in Oslo?');
    expect(latestUserText([{ role: 'system', content: 'be brief' }])).toBe('');
    // The first message counts too.
    expect(latestUserText([conversation[0]!, conversation[1]!])).toBe('first question');
  });

  it('offers the top matches for the latest user message, with the default limit and the routing key', async () => {
    const queries: unknown[] = [];
    const discovering = executor(async (query, limit, options) => {
      queries.push([query, limit, options]);
      return [{ definition: definitions[0]!, score: 0.9 }];
    });
    const offer = await offerTools(discovering, conversation, { strategy: 'discover' }, 'conversation-1');
    expect(offer).toEqual({ tools: [definitions[0]], offeredTools: ['get_weather'] });
    expect(queries).toEqual([['weather in Oslo?', 5, { routingKey: 'conversation-1' }]]);
    await offerTools(discovering, conversation, { strategy: 'discover', limit: 1 });
    expect(queries[1]).toEqual(['weather in Oslo?', 1, { routingKey: undefined }]);
  });

  it('offers every tool, and says why, when discovery fails; every tool without a discover at all', async () => {
    const failing = executor(async () => {
      throw new Error('embedder offline');
    });
    expect(await offerTools(failing, conversation, { strategy: 'discover' }, 'key')).toEqual({
      tools: definitions,
      offeredTools: ['get_weather', 'search_web'],
      discoveryError: 'embedder offline',
    });
    expect(failing.asked).toEqual([['definitions', { routingKey: 'key' }]]);
    const throwsText = executor(async () => Promise.reject('no reason'));
    expect((await offerTools(throwsText, conversation, { strategy: 'discover' })).discoveryError).toBe('no reason');
    const plain = executor();
    expect(await offerTools(plain, conversation, { strategy: 'discover' }, 'k')).toEqual({ tools: definitions });
    expect(plain.asked).toEqual([['definitions', { routingKey: 'k' }]]);
  });

  it("refuses 'discover' with an executor that cannot, and accepts everything else", () => {
    expect(() => assertCanSelect(executor(), { strategy: 'discover' })).toThrow(
      new TypeError("toolSelection 'discover' needs an executor with discover()"),
    );
    expect(() => assertCanSelect(executor(), { strategy: 'all' })).not.toThrow();
    expect(() => assertCanSelect(executor(), undefined)).not.toThrow();
    expect(() =>
      assertCanSelect(
        executor(async () => []),
        { strategy: 'discover' },
      ),
    ).not.toThrow();
  });
});
