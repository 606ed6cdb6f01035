import { describe, expect, it } from 'vitest';
import type { ModelToolCall, ToolMessage } from '../llm/index.ts';
import { createScriptedModel } from '../llm/index.ts';
import type { AgentController } from './agent-controller.ts';
import { runAgent } from './run-agent.ts';
import { harness, runScripted, scenario } from './agent-harness.test-support.ts';
import type { AgentRunEvent, RunAgentOptions } from './agent-types.ts';

// Issue 20: step mode (the controller's pause points), as the agent folder's own tests had none: what a
// controller hands back is what runs and what is stored, and a run stopped while paused ends cleanly.

const paris = { name: 'get_weather', arguments: { city: 'Paris' } };
const lima = { name: 'get_weather', arguments: { city: 'Lima' } };

/** A pause that settles only when the run's signal aborts, as the step-mode UI's does: by rejecting. */
function heldUntilAbort<Value>(signal: AbortSignal): Promise<Value> {
  return new Promise<Value>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
}

/** Starts a run without driving the clock, so a test can stop it midway. */
function start(test: ReturnType<typeof harness>, script: Parameters<typeof scenario>[0], options: Partial<RunAgentOptions> = {}) {
  const events: AgentRunEvent[] = [];
  const running = runAgent({
    model: createScriptedModel(scenario(script), { clock: test.clock }),
    executor: test.executor,
    clock: test.clock,
    messages: [{ role: 'user', content: 'weather?' }],
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { running, events };
}

const types = (events: AgentRunEvent[]) =>
  events.filter((event) => !event.type.startsWith('tool-call') && !event.type.startsWith('attempt')).map((event) => event.type);

describe('step mode: before the model call', () => {
  it('shows the conversation about to be sent, and waits for the controller', async () => {
    const test = harness();
    const points: unknown[] = [];
    const controller: AgentController = {
      beforeModelCall: async (point) => {
        points.push(point);
        await test.clock.sleep(50);
      },
    };
    const { result, events } = await runScripted(test, { name: 'plain', turns: [{ text: 'Sunny.', latencyMs: 10 }] }, { controller });
    expect(points).toEqual([{ iteration: 1, messages: [{ role: 'user', content: 'What is the weather in Paris and Lima?' }] }]);
    expect(result).toMatchObject({ stopReason: 'final_answer', reply: 'Sunny.' });
    // The model was asked only after the pause.
    expect(events.find((event) => event.type === 'model-call-start')?.time).toBe(50);
  });

  it('ends the step and the run when the run is stopped while paused, without asking the model', async () => {
    for (const settle of ['reject', 'resolve'] as const) {
      const test = harness();
      const abort = new AbortController();
      const controller: AgentController = {
        beforeModelCall: () =>
          settle === 'reject'
            ? heldUntilAbort(abort.signal)
            : new Promise((resolve) => abort.signal.addEventListener('abort', () => resolve())),
      };
      const running = runScripted(test, { name: 'never', turns: [{ text: 'never' }] }, { controller, signal: abort.signal });
      await test.clock.advance(20);
      abort.abort();
      const { result, events } = await running;
      // The model was never asked, so no iteration counts.
      expect(result).toMatchObject({ stopReason: 'aborted', iterations: 0 });
      expect(result.messages).toHaveLength(1);
      expect(types(events)).toEqual(['step-start', 'step-end']);
      expect(events.at(-1)).toMatchObject({ type: 'step-end', iteration: 1, toolCallCount: 0 });
    }
  });

  it('fails the run when the controller fails and nobody stopped it', async () => {
    const test = harness();
    const controller: AgentController = { beforeModelCall: () => Promise.reject(new Error('controller broke')) };
    await expect(start(test, { name: 'x', turns: [{ text: 'x' }] }, { controller }).running).rejects.toThrow('controller broke');
  });
});

describe('step mode: before the tool batch', () => {
  it('runs and stores the calls as the controller edited them, with distinct ids for added and repeated calls', async () => {
    const test = harness();
    const seen: (readonly ModelToolCall[])[] = [];
    const controller: AgentController = {
      beforeToolBatch: async ({ calls }) => {
        seen.push(calls);
        const [first] = calls as [ModelToolCall];
        return [
          { ...first, arguments: '{"city":"Lima"}' },
          { id: ' ', name: 'get_weather', arguments: '{"city":"Rome"}' },
          { ...first, arguments: '{"city":"Oslo"}' },
        ];
      },
    };
    const { result } = await runScripted(test, { name: 'edit', turns: [{ toolCalls: [paris] }, { text: 'Done.' }] }, { controller });
    expect(seen).toHaveLength(1);
    const id = seen[0]![0]!.id;
    expect(test.started).toEqual(['get_weather:Lima', 'get_weather:Rome', 'get_weather:Oslo']);
    const assistant = result.messages.find((message) => message.role === 'assistant');
    expect(assistant).toMatchObject({ toolCalls: [{ id }, { id: 'call_1_edit_1' }, { id: `${id}#2` }] });
    const answers = result.messages.filter((message): message is ToolMessage => message.role === 'tool');
    expect(answers.map((message) => message.toolCallId)).toEqual([id, 'call_1_edit_1', `${id}#2`]);
    expect(result).toMatchObject({ stopReason: 'final_answer', reply: 'Done.' });
  });

  it('runs the calls as they were when the controller hands back nothing, and ends the run when it hands back none', async () => {
    const keep = harness();
    const kept = await runScripted(
      keep,
      { name: 'keep', turns: [{ toolCalls: [paris] }, { text: 'Done.' }] },
      {
        controller: { beforeToolBatch: async () => undefined as unknown as ModelToolCall[] },
      },
    );
    expect(keep.started).toEqual(['get_weather:Paris']);
    expect(kept.result.stopReason).toBe('final_answer');
    const drop = harness();
    const dropped = await runScripted(
      drop,
      { name: 'drop', turns: [{ text: 'Let me check.', toolCalls: [paris] }, { text: 'never' }] },
      {
        controller: { beforeToolBatch: async () => [] },
      },
    );
    expect(drop.started).toEqual([]);
    expect(dropped.result).toMatchObject({ stopReason: 'final_answer', reply: 'Let me check.', iterations: 1 });
  });

  it('is not consulted for a turn without calls', async () => {
    const test = harness();
    let asked = 0;
    await runScripted(
      test,
      { name: 'answer', turns: [{ text: 'Hi.' }] },
      { controller: { beforeToolBatch: async (point) => (asked++, point.calls) } },
    );
    expect(asked).toBe(0);
  });

  it('runs nothing and stores no turn when the run is stopped while paused', async () => {
    const test = harness();
    const abort = new AbortController();
    const running = runScripted(
      test,
      { name: 'stop', turns: [{ toolCalls: [paris] }, { text: 'never' }] },
      {
        controller: { beforeToolBatch: () => heldUntilAbort(abort.signal) },
        signal: abort.signal,
      },
    );
    await test.clock.advance(100);
    abort.abort();
    const { result, events } = await running;
    expect(test.started).toEqual([]);
    expect(result).toMatchObject({ stopReason: 'aborted', iterations: 1 });
    expect(result.messages).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'step-end', iteration: 1, toolCallCount: 0 });
  });
});

describe('step mode: after the tool batch', () => {
  it('sends the edited messages back, one per call in call order, under the call names', async () => {
    const test = harness();
    const points: { results: number; messages: number }[] = [];
    const controller: AgentController = {
      afterToolBatch: async ({ calls, results, messages }) => {
        points.push({ results: results.length, messages: messages.length });
        return [{ role: 'tool', toolCallId: calls[1]!.id, name: 'renamed', content: 'Lima: edited' }];
      },
    };
    const { result } = await runScripted(test, { name: 'after', turns: [{ toolCalls: [paris, lima] }, { text: 'Done.' }] }, { controller });
    expect(points).toEqual([{ results: 2, messages: 2 }]);
    const answers = result.messages.filter((message): message is ToolMessage => message.role === 'tool');
    expect(answers).toHaveLength(2);
    expect(answers[0]?.content).toContain('Paris');
    expect(answers[1]).toMatchObject({ name: 'get_weather', content: 'Lima: edited' });
  });

  it('is not consulted when the run was stopped during the batch', async () => {
    const test = harness({ weatherDelayMs: 1_000 });
    const abort = new AbortController();
    let asked = 0;
    const { running } = start(
      test,
      { name: 'stop', turns: [{ toolCalls: [paris] }, { text: 'never' }] },
      {
        controller: { afterToolBatch: async ({ messages }) => (asked++, messages) },
        signal: abort.signal,
      },
    );
    await test.clock.advance(500);
    expect(test.started).toEqual(['get_weather:Paris']);
    abort.abort();
    await test.clock.runUntilIdle();
    const result = await running;
    expect(asked).toBe(0);
    expect(result.stopReason).toBe('aborted');
  });
});

describe('the model call and its events', () => {
  const clockAt100 = async () => {
    const test = harness();
    await test.clock.advance(100);
    return test;
  };

  it('times the model call from its start, also when the run starts later than 0', async () => {
    const test = await clockAt100();
    const { events } = await runScripted(test, { name: 'timed', turns: [{ text: 'Hi.', latencyMs: 30 }] });
    expect(events.find((event) => event.type === 'model-call-end')).toMatchObject({ startedAt: 100, latencyMs: 30 });
  });

  it('reports a model that fails with a plain error as unknown, with its message, and ends the step', async () => {
    const test = await clockAt100();
    const events: AgentRunEvent[] = [];
    const running = runAgent({
      model: { id: 'broken', label: 'broken', generate: () => test.clock.sleep(30).then(() => Promise.reject(new Error('boom'))) },
      executor: test.executor,
      clock: test.clock,
      messages: [{ role: 'user', content: 'hi' }],
      onEvent: (event) => events.push(event),
    });
    await test.clock.runUntilIdle();
    const result = await running;
    expect(result).toMatchObject({ stopReason: 'model_error', error: { kind: 'unknown', message: 'boom' } });
    expect(events.slice(-2)).toMatchObject([
      { type: 'model-call-end', startedAt: 100, latencyMs: 30, error: { kind: 'unknown', message: 'boom' } },
      { type: 'step-end', iteration: 1, toolCallCount: 0 },
    ]);
  });

  it('says the user aborted a model call, and times it', async () => {
    const test = await clockAt100();
    const abort = new AbortController();
    const { running, events } = start(test, { name: 'slow', turns: [{ text: 'late', latencyMs: 1_000 }] }, { signal: abort.signal });
    await test.clock.advance(400);
    abort.abort();
    await test.clock.runUntilIdle();
    expect((await running).stopReason).toBe('aborted');
    expect(events.slice(-2)).toMatchObject([
      { type: 'model-call-end', startedAt: 100, latencyMs: 400, error: { kind: 'unknown', message: 'Aborted by the user.' } },
      { type: 'step-end', iteration: 1, toolCallCount: 0 },
    ]);
  });

  it('reports a model that answered despite the abort, with its calls counted but not run', async () => {
    const test = await clockAt100();
    const abort = new AbortController();
    const events: AgentRunEvent[] = [];
    const running = runAgent({
      model: {
        id: 'deaf',
        label: 'deaf',
        generate: async () => {
          await test.clock.sleep(40);
          abort.abort();
          return {
            content: '',
            toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
            finishReason: 'tool_calls',
            usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
          };
        },
      },
      executor: test.executor,
      clock: test.clock,
      messages: [{ role: 'user', content: 'hi' }],
      signal: abort.signal,
      onEvent: (event) => events.push(event),
    });
    await test.clock.runUntilIdle();
    expect((await running).stopReason).toBe('aborted');
    expect(test.started).toEqual([]);
    expect(events.slice(-2)).toEqual([
      {
        type: 'model-call-end',
        time: 140,
        iteration: 1,
        startedAt: 100,
        latencyMs: 40,
        usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
        finishReason: 'tool_calls',
        toolCallCount: 1,
      },
      { type: 'step-end', time: 140, iteration: 1, toolCallCount: 0 },
    ]);
  });
});
