import { describe, expect, it } from 'vitest';
import { runAgent, type AgentRunEvent } from '../agent/index.ts';
import { harness, scenario } from '../agent/agent-harness.test-support.ts';
import { createScriptedModel } from '../llm/index.ts';
import { buildTimeline, TimelineBuilder, type CallRow } from '../trace/index.ts';
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
async function steppedRun(readMs: number, atEachPause: (events: readonly AgentRunEvent[], now: number) => void = () => {}) {
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
    atEachPause(events, test.clock.now());
    await test.clock.advance(readMs);
    atEachPause(events, test.clock.now());
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

  it('while a pause is still open, the live axis stops at it and marks it (it does not grow while the person reads)', async () => {
    const live = new TimelineBuilder();
    const seen: { end: number; marks: string[] }[] = [];
    await steppedRun(5_000, (events, now) => {
      const model = live.update(events).snapshot(now);
      seen.push({ end: model.end, marks: model.marks.map((mark) => mark.label) });
    });
    // Two looks at each pause: as it began, and 5 s later, just before Step.
    expect(seen.length).toBeGreaterThanOrEqual(6);
    for (let index = 0; index < seen.length; index += 2) {
      const [began, later] = [seen[index], seen[index + 1]];
      expect(later?.end).toBe(began?.end);
      expect(later?.marks).toContain('Paused, waiting for you (not on the axis)');
    }
    // The axis the person watched live ends as the finished run's does, without the time paused.
    const unpaused = buildTimeline((await steppedRun(0)).events);
    expect(Math.max(...seen.map((look) => look.end)) - (live.snapshot().start ?? 0)).toBeLessThanOrEqual(unpaused.end - unpaused.start);
  });
});
