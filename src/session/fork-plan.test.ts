import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/index.ts';
import { harness, scenario } from '../agent/agent-harness.test-support.ts';
import { createRouterModel, createScriptedModel, type ChatMessage, type GenerateRequest, type LanguageModel } from '../llm/index.ts';
import { planFork, replayingFirst } from './fork-plan.ts';

/** A provider stand-in that counts its requests: turn 1 asks for the weather, then it answers from the result. */
function countingModel() {
  const requests: GenerateRequest[] = [];
  const model: LanguageModel = {
    id: 'counting',
    label: 'Counting fake',
    async generate(request) {
      requests.push(request);
      const last = request.messages.at(-1);
      const toolCalls = last?.role === 'user' ? [{ id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' }] : [];
      const content = last?.role === 'tool' ? `It is ${last.content}` : 'Checking.';
      return {
        content,
        toolCalls,
        finishReason: toolCalls.length ? 'tool_calls' : 'stop',
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      };
    },
  };
  return { model, requests };
}

async function play(model: LanguageModel, messages: ChatMessage[]) {
  const test = harness();
  const running = runAgent({ model, executor: test.executor, clock: test.clock, messages });
  await test.clock.runUntilIdle();
  return { result: await running, started: test.started };
}

describe('forks', () => {
  it('at a tool result: the recorded part is not requested again, only the answer after it', async () => {
    const original = await play(countingModel().model, [{ role: 'user', content: 'Weather in Paris?' }]);
    const transcript = original.result.messages;
    expect(transcript.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const toolResult = transcript[2] as ChatMessage & { role: 'tool' };
    const fork = planFork(transcript, 2, { ...toolResult, content: '{"temperature":-40}' });
    if (!fork.ok) throw new Error(fork.problem);
    const branch = countingModel();
    const { result, started } = await play(branch.model, fork.plan.messages);
    expect(branch.requests).toHaveLength(1);
    expect(started).toEqual([]);
    expect(result.reply).toBe('It is {"temperature":-40}');
    expect(result.reply).not.toBe(original.result.reply);
    expect(fork.plan.modelTurnsBefore).toBe(1);
    // What the Runs list says under the branch.
    expect(fork.plan.label).toBe(`result of ${toolResult.name} after model turn 1`);
  });

  // Issue 27: the recorded isError went with the edited text, so the branch still read "get_weather failed".
  describe('at a failed tool result edited by the person', () => {
    const failed: ChatMessage[] = [
      { role: 'user', content: 'What is the weather in Reykjavik?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_w', name: 'get_weather', arguments: '{"city":"Reykjavik"}' }] },
      {
        role: 'tool',
        toolCallId: 'call_w',
        name: 'get_weather',
        content: '{"error":"Injected fault: 503 Service Unavailable"}',
        isError: true,
      },
    ];
    const branchAnswer = async (content: string) => {
      const fork = planFork(failed, 2, { ...(failed[2] as ChatMessage & { role: 'tool' }), content });
      if (!fork.ok) throw new Error(fork.problem);
      const weather = {
        name: 'get_weather',
        description: 'Current weather for a city',
        parameters: { type: 'object' as const, properties: { city: { type: 'string' } } },
      };
      return (await createRouterModel().generate({ messages: fork.plan.messages, tools: [weather] })).content;
    };

    it('into a success: the answer says what the edited result says, not that the call failed', async () => {
      const answer = await branchAnswer('{"city":"Reykjavik","temperature":-40,"conditions":"blizzard"}');
      expect(answer).toContain('blizzard');
      expect(answer).not.toMatch(/failed|503/);
    });

    it('into another error, or not edited at all: it still failed', async () => {
      expect(await branchAnswer('{"error":"Injected fault: 429 Too Many Requests"}')).toMatch(
        /get_weather for Reykjavik failed with \w+: Injected fault: 429/,
      );
      expect(await branchAnswer('{"error":"Injected fault: 503 Service Unavailable"}')).toMatch(/failed with \w+: Injected fault: 503/);
    });
  });

  it('at a model turn: the edited turn is played back without a request, and its calls run', async () => {
    const original = await play(countingModel().model, [{ role: 'user', content: 'Weather in Paris?' }]);
    const turn = original.result.messages[1] as ChatMessage & { role: 'assistant' };
    const edited = { ...turn, toolCalls: [{ ...turn.toolCalls[0]!, arguments: '{"city":"Lima"}' }] };
    const fork = planFork(original.result.messages, 1, edited);
    if (!fork.ok) throw new Error(fork.problem);
    expect(fork.plan.label).toBe('model turn 1');
    const branch = countingModel();
    const { result, started } = await play(replayingFirst(branch.model, fork.plan.replay!), fork.plan.messages);
    expect(started).toEqual(['get_weather:Lima']);
    // One request in all: the answer. The replayed turn never reached the model.
    expect(branch.requests).toHaveLength(1);
    expect(branch.requests[0]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(result.reply).toContain('Lima');
  });

  it('refuses a step that is not a tool result or a model turn with calls', () => {
    const transcript: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello', toolCalls: [] },
    ];
    expect(planFork(transcript, 0, { role: 'user', content: 'x' })).toMatchObject({ ok: false });
    expect(planFork(transcript, 1, { role: 'assistant', content: 'x', toolCalls: [] })).toMatchObject({ ok: false });
    expect(planFork(transcript, 5, { role: 'tool', toolCallId: 'a', name: 'b', content: '' })).toMatchObject({ ok: false });
  });

  it('a scripted scenario started at a later turn plays that turn, with the call ids of a full play', async () => {
    const script = scenario({
      name: 's',
      turns: [
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'A' } }] },
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'B' } }] },
      ],
    });
    const full = createScriptedModel(script);
    await full.generate({ messages: [], tools: [] });
    const second = await full.generate({ messages: [], tools: [] });
    const forked = await createScriptedModel(script, { firstTurn: 1 }).generate({ messages: [], tools: [] });
    expect(forked.toolCalls).toEqual(second.toolCalls);
  });
});
