import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/index.ts';
import type { ChatMessage, GenerateRequest, GenerateResult, LanguageModel, StreamDelta } from '../model-types.ts';
import { parseScenario } from './scenario.ts';
import type { Scenario } from './scenario.ts';
import { createScriptedModel } from './scripted-model.ts';

function scenario(json: unknown): Scenario {
  const parsed = parseScenario(JSON.stringify(json));
  if (!parsed.ok) throw new Error(parsed.problems.map((problem) => problem.message).join('; '));
  return parsed.scenario;
}

const twoCities = scenario({
  name: 'Two cities',
  seed: 42,
  turns: [
    {
      text: 'Checking both.',
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { name: 'get_weather', arguments: '{"city": "Lon', id: 'call_fixed' },
      ],
      latencyMs: 800,
    },
    { text: 'Paris is sunny.' },
  ],
});

const user: ChatMessage[] = [{ role: 'user', content: 'Weather in Paris and London?' }];

/** Runs a call to completion on a virtual clock, however long the scripted latency. */
async function play(
  model: LanguageModel,
  clock: VirtualClock,
  request: GenerateRequest = { messages: user, tools: [] },
): Promise<GenerateResult> {
  const pending = model.generate(request);
  await clock.runUntilIdle();
  return pending;
}

describe('createScriptedModel', () => {
  it('plays turn N on the Nth call, with parallel calls and raw argument text kept as written', async () => {
    const clock = new VirtualClock();
    const model = createScriptedModel(twoCities, { clock });
    const first = await play(model, clock);
    expect(clock.now()).toBe(800);
    expect(first.content).toBe('Checking both.');
    expect(first.finishReason).toBe('tool_calls');
    expect(first.toolCalls.map((call) => call.arguments)).toEqual(['{"city":"Paris"}', '{"city": "Lon']);
    expect(first.toolCalls[1]?.id).toBe('call_fixed');
    expect(first.toolCalls[0]?.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(first.usage.outputTokens).toBeGreaterThan(0);
    const second = await play(model, clock);
    expect(second).toMatchObject({ content: 'Paris is sunny.', toolCalls: [], finishReason: 'stop' });
  });

  it('draws the same ids for the same seed, again after reset', async () => {
    const clock = new VirtualClock();
    const ids = async (): Promise<string[]> =>
      (await play(createScriptedModel(twoCities, { clock }), clock)).toolCalls.map((call) => call.id);
    expect(await ids()).toEqual(await ids());
    const model = createScriptedModel(twoCities, { clock });
    const before = (await play(model, clock)).toolCalls[0]?.id;
    model.reset();
    expect(model.callCount).toBe(0);
    expect((await play(model, clock)).toolCalls[0]?.id).toBe(before);
  });

  it('waits the turn latency on the injected clock and streams deltas over it', async () => {
    const clock = new VirtualClock();
    const model = createScriptedModel(twoCities, { clock });
    const deltas: { at: number; delta: StreamDelta }[] = [];
    let settled = false;
    const pending = model
      .generate({ messages: user, tools: [], onDelta: (delta) => deltas.push({ at: clock.now(), delta }) })
      .then((result) => {
        settled = true;
        return result;
      });
    await clock.advance(399);
    expect(deltas).toEqual([]);
    await clock.advance(401);
    expect(settled).toBe(true);
    const result = await pending;
    expect(deltas[0]).toEqual({ at: 400, delta: expect.objectContaining({ type: 'text' }) as unknown });
    expect(deltas.filter((entry) => entry.delta.type === 'tool-call-start')).toHaveLength(2);
    const streamedArguments = deltas.flatMap(({ delta }) =>
      delta.type === 'tool-call-arguments' && delta.index === 1 ? [delta.argumentsDelta] : [],
    );
    expect(streamedArguments.join('')).toBe(result.toolCalls[1]?.arguments);
  });

  it('rejects with the abort reason when aborted during its latency', async () => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    const pending = createScriptedModel(twoCities, { clock }).generate({ messages: user, tools: [], signal: controller.signal });
    await clock.advance(100);
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('plays a scripted cut-off turn with finish reason length', async () => {
    const cut = scenario({
      name: 'cut',
      turns: [{ toolCalls: [{ name: 'write_file', arguments: '{"path": "a.txt", "content": "hel' }], finishReason: 'length' }],
    });
    const result = await createScriptedModel(cut, { clock: new VirtualClock() }).generate({ messages: user, tools: [] });
    expect(result.finishReason).toBe('length');
  });

  it('answers from the latest tool results once the turns run out', async () => {
    const model = createScriptedModel(
      scenario({ name: 'one', turns: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }] }),
      { clock: new VirtualClock() },
    );
    const first = await model.generate({ messages: user, tools: [] });
    const history: ChatMessage[] = [
      ...user,
      { role: 'assistant', content: '', toolCalls: first.toolCalls },
      {
        role: 'tool',
        toolCallId: first.toolCalls[0]?.id ?? '',
        name: 'get_weather',
        content: '{"city":"Paris","temperature":21,"sky":"sunny"}',
      },
    ];
    const last = await model.generate({ messages: history, tools: [] });
    expect(last.finishReason).toBe('stop');
    expect(last.content).toBe('Here is what I found:\n- get_weather: Paris: 21°, sunny');
  });
});
