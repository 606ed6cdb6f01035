// Issue 28: a provider's tool call with arguments nested 5,000 deep ended the run with "Maximum call stack
// size exceeded". Through the real adapters and the agent loop, it now reaches the model as invalid
// arguments (OpenAI: the arguments are text) or ends the run with a sentence saying why (Anthropic: the
// whole answer nests that deep).
import { describe, expect, it } from 'vitest';
import { createAnthropicModel, createOpenAIModel, type LanguageModel } from '../llm/index.ts';
import { fakeFetch, type RecordedResponse } from '../llm/fake-fetch.test-support.ts';
import { runAgent } from './run-agent.ts';
import { harness } from './agent-harness.test-support.ts';

const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

async function run(model: (fetch: ReturnType<typeof fakeFetch>['fetch']) => LanguageModel, responses: RecordedResponse[]) {
  const { fetch } = fakeFetch(responses);
  const test = harness({});
  const running = runAgent({ model: model(fetch), executor: test.executor, clock: test.clock, messages: [{ role: 'user', content: 'x' }] });
  await test.clock.runUntilIdle();
  return running;
}

const openAIFinal = { body: JSON.stringify({ choices: [{ message: { content: 'done' }, finish_reason: 'stop' }] }) };
const openAICall = (argumentsText: string) => ({ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: argumentsText } });

describe('tool-call arguments nested 5,000 deep', () => {
  it('from an OpenAI-compatible server: the model reads invalid arguments, and the run goes on', async () => {
    const body = JSON.stringify({ choices: [{ message: { content: null, tool_calls: [openAICall(deep)] }, finish_reason: 'tool_calls' }] });
    const result = await run((fetch) => createOpenAIModel({ model: 'm', fetch, stream: false }), [{ body }, openAIFinal]);
    expect(result.stopReason).toBe('final_answer');
    expect(result.messages[2]).toMatchObject({ role: 'tool', content: expect.stringContaining('Arguments are nested too deeply') });
  });

  it('streamed: the same', async () => {
    const event = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
    const body =
      event({ choices: [{ delta: { tool_calls: [{ index: 0, ...openAICall(deep) }] } }] }) +
      event({ choices: [{ delta: {}, finish_reason: 'tool_calls' }] }) +
      'data: [DONE]\n\n';
    const result = await run(
      (fetch) => createOpenAIModel({ model: 'm', fetch, stream: true }),
      [{ body, headers: { 'content-type': 'text/event-stream' } }, openAIFinal],
    );
    expect(result.stopReason).toBe('final_answer');
    expect(result.messages[2]).toMatchObject({ role: 'tool', content: expect.stringContaining('Arguments are nested too deeply') });
  });

  it('from Anthropic (the input is part of the answer): the run ends saying the answer nests too deep', async () => {
    const body = `{"id":"m","type":"message","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"get_weather","input":${deep}}],"stop_reason":"tool_use"}`;
    const result = await run((fetch) => createAnthropicModel({ model: 'm', apiKey: 'k', fetch, stream: false }), [{ body }]);
    expect(result.stopReason).toBe('model_error');
    expect(result.error?.message).toMatch(/nests 5003 levels deep; Toolscope reads at most 128/);
  });
});
