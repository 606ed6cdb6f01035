import { describe, expect, it } from 'vitest';
import { harness, runScripted } from '../agent/agent-harness.test-support.ts';
import { trajectoryOf } from './run-trajectory.ts';

describe('trajectoryOf', () => {
  it('lists calls in the order the model made them, with parsed arguments, outcome and the final answer', async () => {
    const test = harness();
    const { result, events } = await runScripted(test, {
      name: 't',
      turns: [
        {
          toolCalls: [
            { name: 'slow_report', arguments: {} },
            { name: 'get_weather', arguments: { city: 'Lima' } },
          ],
        },
        { text: 'Lima is sunny.' },
      ],
    });
    const trajectory = trajectoryOf(events, result.messages);
    // slow_report times out after get_weather has ended, yet comes first: the model asked for it first.
    expect(trajectory.calls.map((call) => [call.name, call.arguments, call.status, call.errorKind, call.iteration])).toEqual([
      ['slow_report', {}, 'error', 'timeout', 1],
      ['get_weather', { city: 'Lima' }, 'success', undefined, 1],
    ]);
    // The scripted text is the wording for a run that went well; slow_report failed, so the model says so.
    expect(trajectory.finalAnswer).toBe(result.reply);
    expect(trajectory.finalAnswer).toContain('slow_report failed with timeout');
    expect(trajectory.endedAt - trajectory.startedAt).toBeGreaterThan(0);
  });
});
