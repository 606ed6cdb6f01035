import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/index.ts';
import { harness, scenario } from '../agent/agent-harness.test-support.ts';
import { createScriptedModel, type ChatMessage } from '../llm/index.ts';
import { StepController, type PausePoint } from './step-controller.ts';

const script = {
  name: 'weather',
  turns: [
    { text: 'Checking.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], latencyMs: 100 },
    { text: 'Done.', latencyMs: 100 },
  ],
};

/** A run with a step controller, and a way to wait until it pauses (the clock runs meanwhile). */
function steppedRun(stepping = true) {
  const test = harness();
  const controller = new StepController(stepping);
  const abort = new AbortController();
  const pauses: PausePoint[] = [];
  controller.onPause((point) => point && pauses.push(point));
  const sent: (readonly ChatMessage[])[] = [];
  const model = createScriptedModel(scenario(script), { clock: test.clock });
  const generate = model.generate.bind(model);
  model.generate = (request) => (sent.push(request.messages), generate(request));
  let ended = false;
  const done = runAgent({
    model,
    executor: test.executor,
    clock: test.clock,
    signal: abort.signal,
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    controller: controller.attach(abort.signal),
  }).finally(() => (ended = true));
  const untilPaused = async (kind: PausePoint['kind']) => {
    for (let tries = 0; tries < 50 && controller.paused?.kind !== kind; tries++) await test.clock.runUntilIdle();
    expect(controller.paused?.kind).toBe(kind);
    return controller.paused!;
  };
  return { test, controller, abort, pauses, sent, done, untilPaused, isEnded: () => ended };
}

describe('StepController with the agent loop', () => {
  it('pauses before each model call, before the tool batch and after it, and Step goes one point on', async () => {
    const run = steppedRun();
    await run.untilPaused('model-call');
    expect(run.sent).toHaveLength(0);
    run.controller.resume({}, { step: true });
    const batch = await run.untilPaused('tool-batch');
    expect(batch.kind === 'tool-batch' && batch.calls.map((call) => call.arguments)).toEqual(['{"city":"Paris"}']);
    expect(run.test.started).toEqual([]);
    run.controller.resume({}, { step: true });
    await run.untilPaused('tool-results');
    run.controller.resume({}, { step: true });
    await run.untilPaused('model-call');
    run.controller.resume();
    await run.test.clock.runUntilIdle();
    const result = await run.done;
    expect(result.stopReason).toBe('final_answer');
    expect(run.pauses.map((point) => point.kind)).toEqual(['model-call', 'tool-batch', 'tool-results', 'model-call']);
  });

  it('runs the tool with edited arguments, and the transcript shows the call as edited', async () => {
    const run = steppedRun();
    await run.untilPaused('model-call');
    run.controller.resume({}, { step: true });
    const batch = await run.untilPaused('tool-batch');
    if (batch.kind !== 'tool-batch') throw new Error('not a batch');
    run.controller.resume({ calls: [{ ...batch.calls[0]!, arguments: '{"city":"Oslo"}' }] });
    await run.test.clock.runUntilIdle();
    const result = await run.done;
    expect(run.test.started).toEqual(['get_weather:Oslo']);
    const assistant = result.messages[1];
    expect(assistant?.role === 'assistant' && assistant.toolCalls[0]?.arguments).toBe('{"city":"Oslo"}');
    expect(result.messages[2]).toMatchObject({ role: 'tool', content: expect.stringContaining('Oslo') });
  });

  it('sends an edited tool result to the model instead of the real one', async () => {
    const run = steppedRun();
    await run.untilPaused('model-call');
    run.controller.resume({}, { step: true });
    await run.untilPaused('tool-batch');
    run.controller.resume({}, { step: true });
    const results = await run.untilPaused('tool-results');
    if (results.kind !== 'tool-results') throw new Error('not results');
    run.controller.resume({ toolMessages: [{ ...results.messages[0]!, content: '{"temperature":-40}' }] });
    await run.test.clock.runUntilIdle();
    await run.done;
    expect(run.sent[1]?.at(-1)).toMatchObject({ role: 'tool', content: '{"temperature":-40}' });
  });

  it('removing every call ends the run with the model’s text; an added call without an id gets one', async () => {
    const removed = steppedRun();
    await removed.untilPaused('model-call');
    removed.controller.resume({}, { step: true });
    await removed.untilPaused('tool-batch');
    removed.controller.resume({ calls: [] });
    await removed.test.clock.runUntilIdle();
    expect(await removed.done).toMatchObject({ stopReason: 'final_answer', reply: 'Checking.' });

    const added = steppedRun();
    await added.untilPaused('model-call');
    added.controller.resume({}, { step: true });
    const batch = await added.untilPaused('tool-batch');
    if (batch.kind !== 'tool-batch') throw new Error('not a batch');
    added.controller.resume({ calls: [...batch.calls, { id: '', name: 'get_weather', arguments: '{"city":"Rome"}' }] });
    await added.test.clock.runUntilIdle();
    const result = await added.done;
    expect(added.test.started.sort()).toEqual(['get_weather:Paris', 'get_weather:Rome']);
    const tools = result.messages.filter((message) => message.role === 'tool');
    expect(new Set(tools.map((message) => message.role === 'tool' && message.toolCallId)).size).toBe(2);
  });

  it('a run stopped while paused ends, at every kind of pause point', async () => {
    for (const kind of ['model-call', 'tool-batch', 'tool-results'] as const) {
      const run = steppedRun();
      await run.untilPaused('model-call');
      if (kind !== 'model-call') {
        run.controller.resume({}, { step: true });
        await run.untilPaused('tool-batch');
      }
      if (kind === 'tool-results') {
        run.controller.resume({}, { step: true });
        await run.untilPaused('tool-results');
      }
      run.abort.abort(new Error('Stopped by the user'));
      const result = await run.done;
      expect(result.stopReason).toBe('aborted');
      expect(run.controller.paused).toBeNull();
      // The transcript stays valid to continue from: every call in it has its result.
      const calls = result.messages.flatMap((message) => (message.role === 'assistant' ? message.toolCalls : []));
      expect(result.messages.filter((message) => message.role === 'tool')).toHaveLength(calls.length);
    }
  });

  it('switched on mid-run it pauses at the next point; switched off it lets a paused run go on', async () => {
    const run = steppedRun(false);
    // The first model call is already on its way: the next point is the tool batch.
    run.controller.setStepping(true);
    await run.untilPaused('tool-batch');
    run.controller.setStepping(false);
    await run.test.clock.runUntilIdle();
    expect((await run.done).stopReason).toBe('final_answer');
    expect(run.pauses).toHaveLength(1);
  });
});
