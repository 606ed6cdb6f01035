import { describe, expect, it } from 'vitest';
import { runAgent, type AgentRunEvent } from '../agent/index.ts';
import { harness, scenario } from '../agent/agent-harness.test-support.ts';
import { createScriptedModel } from '../llm/index.ts';
import { buildTimeline, type CallRow } from '../trace/index.ts';
import { recordPauses } from './pause-spans.ts';
import { StepController, type PausePoint } from './step-controller.ts';

const script = {
  name: 'weather',
  turns: [
    { text: 'Checking.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], latencyMs: 100 },
    { text: 'Done.', latencyMs: 100 },
  ],
};

/** A run in step mode where the person reads each pause for `readMs` before they Step on. */
async function steppedRun(readMs: number) {
  const test = harness();
  const stepper = new StepController(readMs > 0);
  const events: AgentRunEvent[] = [];
  const stopRecording = recordPauses(stepper, test.clock, (event) => events.push(event));
  const done = runAgent({
    model: createScriptedModel(scenario(script), { clock: test.clock }),
    executor: test.executor,
    clock: test.clock,
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    controller: stepper.attach(new AbortController().signal),
    onEvent: (event) => events.push(event),
  });
  let ended = false;
  void done.finally(() => (ended = true));
  const kinds: PausePoint['kind'][] = [];
  while (!ended) {
    await test.clock.runUntilIdle();
    const point = stepper.paused;
    if (!point) continue;
    kinds.push(point.kind);
    await test.clock.advance(readMs);
    stepper.resume({}, { step: true });
  }
  await done;
  stopRecording();
  return { events, kinds };
}

describe('step mode pauses on the timeline (issue 27)', () => {
  it('are recorded as events, one per pause, with how long the person took', async () => {
    const { events, kinds } = await steppedRun(5_000);
    const pauses = events.filter((event) => event.type === 'step-pause');
    expect(pauses).toHaveLength(kinds.length);
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    for (const pause of pauses) expect(pause.time - pause.pausedAt).toBe(5_000);
  });

  it('take no room on the axis: the calls are drawn as long as without step mode, the pauses marked', async () => {
    const unpaused = buildTimeline((await steppedRun(0)).events);
    const stepped = buildTimeline((await steppedRun(5_000)).events);
    expect(stepped.end - stepped.start).toBe(unpaused.end - unpaused.start);
    const call = (model: typeof stepped) => model.calls[0] as CallRow;
    expect((call(stepped).endedAt ?? 0) - call(stepped).queuedAt).toBe((call(unpaused).endedAt ?? 0) - call(unpaused).queuedAt);
    expect(stepped.marks.map((mark) => mark.label)).toContain('Paused 5.0 s (not on the axis)');
    expect(unpaused.marks).toEqual([]);
  });
});
