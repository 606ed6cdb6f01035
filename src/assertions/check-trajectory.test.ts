import { describe, expect, it } from 'vitest';
import { checkTrajectory, matchesPartially } from './check-trajectory.ts';
import { expectationsSchema, type Expectation } from './expectations.ts';
import type { Trajectory, TrajectoryCall } from './trajectory.ts';

const call = (toolCallId: string, name: string, args: unknown, startedAt: number, endedAt: number, errorKind?: string): TrajectoryCall => ({
  toolCallId,
  name,
  arguments: args,
  status: errorKind ? 'error' : 'success',
  ...(errorKind ? { errorKind } : {}),
  iteration: 1,
  startedAt,
  endedAt,
});
const trajectory: Trajectory = {
  calls: [
    call('a', 'lookup_user', { id: 7, options: { full: true } }, 0, 100),
    call('b', 'get_weather', { city: 'Paris', unit: 'celsius' }, 100, 300),
    call('c', 'get_weather', { city: 'Lima' }, 120, 900, 'timeout'),
  ],
  finalAnswer: 'Paris is 15°C.',
  startedAt: 0,
  endedAt: 1_000,
};
const run = (expectation: Expectation) => checkTrajectory([expectation], trajectory)[0]!;

describe('checkTrajectory', () => {
  it('called: by name, by partial arguments, with counts; a failure points at the call of that tool', () => {
    expect(run({ type: 'called', tool: 'get_weather' }).passed).toBe(true);
    expect(run({ type: 'called', tool: 'lookup_user', arguments: { options: { full: true } } }).passed).toBe(true);
    expect(run({ type: 'called', tool: 'get_weather', max: 1 })).toMatchObject({ passed: false, toolCallId: 'c' });
    expect(run({ type: 'called', tool: 'lookup_user', arguments: { id: 8 } })).toMatchObject({
      passed: false,
      message: 'expected lookup_user with {"id":8} at least 1×, got 0 (it was called with {"id":7,"options":{"full":true}})',
      toolCallId: 'a',
    });
  });

  it('not-called, order and max-calls', () => {
    expect(run({ type: 'not-called', tool: 'send_email' }).passed).toBe(true);
    expect(run({ type: 'not-called', tool: 'get_weather' })).toMatchObject({ passed: false, toolCallId: 'b' });
    expect(run({ type: 'order', first: 'lookup_user', then: 'get_weather' }).passed).toBe(true);
    expect(run({ type: 'order', first: 'get_weather', then: 'lookup_user' })).toMatchObject({ passed: false, toolCallId: 'a' });
    expect(run({ type: 'max-calls', max: 2 })).toMatchObject({ passed: false, toolCallId: 'c' });
    expect(run({ type: 'max-calls', max: 2, tool: 'get_weather' }).passed).toBe(true);
  });

  it('no-error by kind and tool; the failing call is named', () => {
    expect(run({ type: 'no-error' })).toMatchObject({ passed: false, toolCallId: 'c', message: 'get_weather ended with timeout' });
    expect(run({ type: 'no-error', kind: 'execution_error' }).passed).toBe(true);
    expect(run({ type: 'no-error', tool: 'lookup_user' }).passed).toBe(true);
  });

  it('final answer, total time, p95 and peak concurrency', () => {
    expect(run({ type: 'final-answer', contains: 'Paris' }).passed).toBe(true);
    expect(run({ type: 'final-answer', matches: '\\d+°C' }).passed).toBe(true);
    expect(run({ type: 'final-answer', contains: 'Lima' }).passed).toBe(false);
    expect(run({ type: 'final-answer', matches: '(' })).toMatchObject({
      passed: false,
      message: expect.stringMatching(/^not a regular expression/),
    });
    expect(run({ type: 'total-time', maxMs: 999 }).passed).toBe(false);
    expect(run({ type: 'total-time', maxMs: 1_000 }).passed).toBe(true);
    expect(run({ type: 'p95-duration', maxMs: 500 })).toMatchObject({
      passed: false,
      toolCallId: 'c',
      message: 'p95 call duration 780 ms, over 500 ms',
    });
    expect(run({ type: 'p95-duration', maxMs: 500, tool: 'lookup_user' }).passed).toBe(true);
    // a ends at 100 as b starts: they never overlap; b and c do.
    expect(run({ type: 'max-concurrency', max: 2 }).passed).toBe(true);
    expect(run({ type: 'max-concurrency', max: 1 })).toMatchObject({
      passed: false,
      message: '2 calls ran at once, at most 1 expected',
      toolCallId: 'c',
    });
  });

  // Issue 28: an expectation can arrive in a share link or an imported file; `^(a+)+$` against a long
  // answer ran for minutes on the backtracking engine. On RE2 it is linear.
  it('a final-answer pattern from an untrusted scenario runs in linear time, and one RE2 cannot read is reported', () => {
    const longAnswer = { ...trajectory, finalAnswer: `${'a'.repeat(50_000)}!` };
    const [result] = checkTrajectory([{ type: 'final-answer', matches: '^(a+)+$' }], longAnswer);
    expect(result).toMatchObject({ passed: false, message: 'the final answer does not match /^(a+)+$/' });
    expect(run({ type: 'final-answer', matches: 'Paris(?= is)' })).toMatchObject({
      passed: false,
      message: expect.stringMatching(/^not a regular expression this checker reads \(RE2 syntax/),
    });
  });

  it('partial matching is deep, and arrays match whole', () => {
    expect(matchesPartially({ a: { b: 1, c: 2 } }, { a: { b: 1 } })).toBe(true);
    expect(matchesPartially({ a: [1, 2] }, { a: [1] })).toBe(false);
    expect(matchesPartially({ a: null }, { a: null })).toBe(true);
    expect(matchesPartially('x', { a: 1 })).toBe(false);
  });

  it('the format refuses unknown kinds and keys', () => {
    expect(expectationsSchema.safeParse([{ type: 'called', tool: 'x', extra: 1 }]).success).toBe(false);
    expect(expectationsSchema.safeParse([{ type: 'sometimes', tool: 'x' }]).success).toBe(false);
    expect(expectationsSchema.safeParse([{ type: 'max-concurrency', max: 2 }]).success).toBe(true);
  });
});
