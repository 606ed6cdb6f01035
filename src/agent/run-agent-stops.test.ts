import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../core/index.ts';
import type { GenerateResult, LanguageModel, ToolMessage } from '../llm/index.ts';
import { createOpenAIModel, createScriptedModel } from '../llm/index.ts';
import { fakeFetch } from '../llm/fake-fetch.test-support.ts';
import { runAgent } from './run-agent.ts';
import { harness, runScripted, scenario } from './agent-harness.test-support.ts';
import { missingResultText } from './tool-messages.ts';
import type { AgentExecutor, AgentRunEvent } from './agent-types.ts';

const paris = { name: 'get_weather', arguments: { city: 'Paris' } };

describe('runAgent stop reasons', () => {
  it('aborts mid model call', async () => {
    const test = harness();
    const controller = new AbortController();
    const running = runAgent({
      model: createScriptedModel(scenario({ name: 'slow', turns: [{ text: 'late', latencyMs: 1_000 }] }), { clock: test.clock }),
      executor: test.executor,
      clock: test.clock,
      messages: [{ role: 'user', content: 'hi' }],
      signal: controller.signal,
    });
    await test.clock.advance(400);
    controller.abort();
    await test.clock.runUntilIdle();
    const result = await running;
    expect(result).toMatchObject({ stopReason: 'aborted', iterations: 1 });
    expect(result.messages).toHaveLength(1);
  });

  it('aborts mid batch, still answering every call id', async () => {
    const test = harness({ weatherDelayMs: 1_000 });
    const controller = new AbortController();
    const events: AgentRunEvent[] = [];
    const running = runAgent({
      model: createScriptedModel(
        scenario({
          name: 'batch',
          turns: [{ toolCalls: [paris, { name: 'get_weather', arguments: { city: 'Lima' } }] }, { text: 'never' }],
        }),
        { clock: test.clock },
      ),
      executor: test.executor,
      clock: test.clock,
      messages: [{ role: 'user', content: 'weather?' }],
      signal: controller.signal,
      onEvent: (event) => events.push(event),
    });
    await test.clock.advance(500);
    expect(test.started).toHaveLength(2);
    controller.abort();
    await test.clock.runUntilIdle();
    const result = await running;
    expect(result).toMatchObject({ stopReason: 'aborted', iterations: 1 });
    const tools = result.messages.filter((message): message is ToolMessage => message.role === 'tool');
    expect(tools).toHaveLength(2);
    expect(tools.every((message) => message.isError === true)).toBe(true);
    // The step closes with its step-end; the tools' own settles after the abort are late settles, which
    // may come before or after it (the run's answer does not wait for them, see runAgent's finally).
    expect(events.filter((event) => event.type !== 'attempt-late-settle').at(-1)?.type).toBe('step-end');
    expect(events.filter((event) => event.type === 'attempt-late-settle')).toHaveLength(2);
  });

  it('never runs the calls of a response cut off at the token limit', async () => {
    const test = harness();
    const { result, events } = await runScripted(test, {
      name: 'cut',
      turns: [{ text: 'Writing', toolCalls: [paris], finishReason: 'length' }],
    });
    expect(result.stopReason).toBe('model_error');
    expect(result.error).toMatchObject({ kind: 'cut_off' });
    expect(result.error?.message).toMatch(/output token limit.*None of its 1 tool call was run/);
    expect(test.started).toEqual([]);
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Writing', toolCalls: [] });
    expect(events.find((event) => event.type === 'model-call-end')).toMatchObject({ error: { kind: 'cut_off' } });
    expect(events.some((event) => event.type === 'tool-call-queued')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'step-end', iteration: 1, toolCallCount: 0 });
  });

  it('treats unterminated argument JSON as cut off, even with finish reason tool_calls', async () => {
    const test = harness();
    const { result } = await runScripted(test, {
      name: 'unterminated',
      turns: [{ toolCalls: [paris, { name: 'get_weather', arguments: '{"city": "Li' }] }],
    });
    expect(result).toMatchObject({ stopReason: 'model_error', error: { kind: 'cut_off' } });
    expect(result.error?.message).toMatch(/middle of the arguments of get_weather/);
    expect(test.started).toEqual([]);
  });

  it('sends malformed-but-complete JSON to the executor, which reports it to the model', async () => {
    const test = harness();
    const { result } = await runScripted(test, {
      name: 'malformed',
      turns: [{ toolCalls: [{ name: 'get_weather', arguments: "{'city': 'Paris'}" }] }, { text: 'Sorry.' }],
    });
    expect(result.stopReason).toBe('final_answer');
    expect(result.messages.find((message) => message.role === 'tool')).toMatchObject({ isError: true });
  });

  it('stops with model_error and the provider error when the model call fails', async () => {
    const test = harness();
    const { fetch } = fakeFetch([
      {
        status: 429,
        headers: { 'retry-after': '12' },
        body: '{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}',
      },
    ]);
    const result = await runAgent({
      model: createOpenAIModel({ model: 'gpt-4o-mini', apiKey: 'sk-test-0123456789', fetch }),
      executor: test.executor,
      clock: test.clock,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(result).toMatchObject({
      stopReason: 'model_error',
      iterations: 1,
      error: { kind: 'rate_limit', status: 429, retryAfterMs: 12_000 },
    });
    expect(result.error?.message).toContain('Retry after 12 s');
  });
});

describe('runAgent defends the tool-message invariant', () => {
  const twoCalls: GenerateResult = {
    content: '',
    toolCalls: [
      { id: 'dup', name: 'a', arguments: '{}' },
      { id: 'dup', name: 'b', arguments: '{}' },
      { id: '', name: 'c', arguments: '' },
    ],
    finishReason: 'tool_calls',
    usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
  };
  const once = (result: GenerateResult): LanguageModel => {
    let calls = 0;
    return {
      id: 'test',
      label: 'test',
      generate: async () => (calls++ === 0 ? result : { ...result, content: 'done', toolCalls: [], finishReason: 'stop' }),
    };
  };

  it('gives repeated and missing ids distinct values, and answers calls the executor returned nothing for', async () => {
    const seen: string[][] = [];
    const executor: AgentExecutor = {
      getDefinitions: () => [],
      on: () => () => undefined,
      // Returns a result for the first call only: a broken executor must not break the conversation.
      executeBatch: async (calls) => {
        seen.push(calls.map((call) => call.id ?? ''));
        return [
          {
            toolCallId: calls[0]?.id ?? '',
            name: 'a',
            status: 'success',
            result: 'ok',
            attempts: 1,
            queuedAt: 0,
            startedAt: 0,
            endedAt: 0,
            durationMs: 0,
            logs: [],
            attemptsDetail: [],
          } satisfies ToolCallResult,
        ];
      },
    };
    const result = await runAgent({ model: once(twoCalls), executor, messages: [{ role: 'user', content: 'go' }] });
    expect(seen).toEqual([['dup', 'dup#2', 'call_1_2']]);
    const assistant = result.messages[1];
    expect(assistant?.role === 'assistant' && assistant.toolCalls.map((call) => call.id)).toEqual(['dup', 'dup#2', 'call_1_2']);
    expect(
      result.messages
        .filter((message): message is ToolMessage => message.role === 'tool')
        .map((message) => [message.toolCallId, message.content]),
    ).toEqual([
      ['dup', 'ok'],
      ['dup#2', missingResultText],
      ['call_1_2', missingResultText],
    ]);
    expect(result).toMatchObject({ stopReason: 'final_answer', reply: 'done', usage: { inputTokens: 2, outputTokens: 4, totalTokens: 6 } });
  });
});

describe('runAgent and a model that ignores the abort', () => {
  it('does not run or store the calls of a response that arrived after the abort', async () => {
    const controller = new AbortController();
    const model: LanguageModel = {
      id: 'stubborn',
      label: 'stubborn',
      generate: async () => {
        controller.abort();
        return {
          content: '',
          toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
          finishReason: 'tool_calls',
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        };
      },
    };
    const test = harness();
    const result = await runAgent({
      model,
      executor: test.executor,
      clock: test.clock,
      messages: [{ role: 'user', content: 'go' }],
      signal: controller.signal,
    });
    expect(result).toMatchObject({ stopReason: 'aborted', iterations: 1, usage: { totalTokens: 2 } });
    expect(result.messages).toHaveLength(1);
    expect(test.started).toEqual([]);
  });
});
