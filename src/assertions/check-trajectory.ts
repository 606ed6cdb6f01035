// The assertion engine: each expectation checked against a trajectory, with a message saying why it
// failed and the step (a call) where it did, so a report can point at the timeline.
import { untrustedPattern } from '../core/index.ts';
import type { Expectation } from './expectations.ts';
import type { Trajectory, TrajectoryCall } from './trajectory.ts';

export interface AssertionResult {
  expectation: Expectation;
  passed: boolean;
  message: string;
  /** The call where it failed, when one call is to blame. */
  toolCallId?: string;
}

/** Deep partial match: every key of `expected` is in `actual` with a matching value. */
export function matchesPartially(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected);
  if (actual === null || typeof actual !== 'object') return false;
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && expected.length === actual.length && expected.every((item, index) => matchesPartially(actual[index], item))
    );
  return Object.entries(expected).every(([key, value]) => matchesPartially((actual as Record<string, unknown>)[key], value));
}

function percentile95(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] as number;
}

/** Most calls running at one instant (a call ending at t no longer overlaps one starting at t). */
function peakConcurrency(calls: readonly TrajectoryCall[]): { peak: number; at?: TrajectoryCall } {
  const edges = calls.flatMap((call) => [
    { time: call.startedAt, delta: 1, call },
    { time: call.endedAt, delta: -1, call },
  ]);
  edges.sort((left, right) => left.time - right.time || left.delta - right.delta);
  let running = 0;
  let peak = 0;
  let at: TrajectoryCall | undefined;
  for (const edge of edges) {
    running += edge.delta;
    if (running > peak) [peak, at] = [running, edge.call];
  }
  return { peak, at };
}

const json = (value: unknown) => JSON.stringify(value);

function check(expectation: Expectation, trajectory: Trajectory): Omit<AssertionResult, 'expectation'> {
  const { calls } = trajectory;
  switch (expectation.type) {
    case 'called': {
      const matching = calls.filter(
        (call) => call.name === expectation.tool && (!expectation.arguments || matchesPartially(call.arguments, expectation.arguments)),
      );
      const min = expectation.min ?? 1;
      const what = `${expectation.tool}${expectation.arguments ? ` with ${json(expectation.arguments)}` : ''}`;
      if (matching.length < min) {
        const sameTool = calls.find((call) => call.name === expectation.tool);
        const hint = sameTool ? ` (it was called with ${json(sameTool.arguments)})` : '';
        return {
          passed: false,
          message: `expected ${what} at least ${min}×, got ${matching.length}${hint}`,
          toolCallId: sameTool?.toolCallId,
        };
      }
      if (expectation.max !== undefined && matching.length > expectation.max)
        return {
          passed: false,
          message: `expected ${what} at most ${expectation.max}×, got ${matching.length}`,
          toolCallId: matching[expectation.max]?.toolCallId,
        };
      return { passed: true, message: `${what} called ${matching.length}×` };
    }
    case 'not-called': {
      const call = calls.find((candidate) => candidate.name === expectation.tool);
      return call
        ? { passed: false, message: `${expectation.tool} was called (with ${json(call.arguments)})`, toolCallId: call.toolCallId }
        : { passed: true, message: `${expectation.tool} was not called` };
    }
    case 'order': {
      const first = calls.find((call) => call.name === expectation.first);
      const early = first ? calls.find((call) => call.name === expectation.then && call.startedAt < first.endedAt) : undefined;
      if (!first) return { passed: false, message: `${expectation.first} was never called` };
      if (early)
        return { passed: false, message: `${expectation.then} started before ${expectation.first} ended`, toolCallId: early.toolCallId };
      if (!calls.some((call) => call.name === expectation.then)) return { passed: false, message: `${expectation.then} was never called` };
      return { passed: true, message: `${expectation.first} before ${expectation.then}` };
    }
    case 'max-calls': {
      const counted = calls.filter((call) => !expectation.tool || call.name === expectation.tool);
      const what = expectation.tool ? `calls of ${expectation.tool}` : 'tool calls';
      return counted.length > expectation.max
        ? {
            passed: false,
            message: `${counted.length} ${what}, at most ${expectation.max} expected`,
            toolCallId: counted[expectation.max]?.toolCallId,
          }
        : { passed: true, message: `${counted.length} ${what} (at most ${expectation.max})` };
    }
    case 'no-error': {
      const failed = calls.find(
        (call) =>
          call.status === 'error' &&
          (!expectation.kind || call.errorKind === expectation.kind) &&
          (!expectation.tool || call.name === expectation.tool),
      );
      return failed
        ? { passed: false, message: `${failed.name} ended with ${failed.errorKind ?? 'an error'}`, toolCallId: failed.toolCallId }
        : { passed: true, message: `no ${expectation.kind ?? 'error'}${expectation.tool ? ` in ${expectation.tool}` : ''}` };
    }
    case 'final-answer': {
      const answer = trajectory.finalAnswer;
      if (answer === null) return { passed: false, message: 'the run ended without a final answer' };
      if (expectation.contains !== undefined && !answer.includes(expectation.contains))
        return { passed: false, message: `the final answer does not contain ${json(expectation.contains)}` };
      if (expectation.matches !== undefined) {
        // A scenario's expectation may come from a share link or an imported file: its pattern runs on RE2
        // (linear time), as a schema's does, not on the page's backtracking engine (issue 28).
        const pattern = untrustedPattern(expectation.matches);
        if (!pattern)
          return {
            passed: false,
            message: `not a regular expression this checker reads (RE2 syntax: no lookaround or backreferences): /${expectation.matches}/`,
          };
        if (!pattern.test(answer)) return { passed: false, message: `the final answer does not match /${expectation.matches}/` };
      }
      return { passed: true, message: 'the final answer is as expected' };
    }
    case 'total-time': {
      const total = trajectory.endedAt - trajectory.startedAt;
      return total > expectation.maxMs
        ? {
            passed: false,
            message: `the run took ${Math.round(total)} ms, over ${expectation.maxMs} ms`,
            toolCallId: calls.at(-1)?.toolCallId,
          }
        : { passed: true, message: `the run took ${Math.round(total)} ms` };
    }
    case 'p95-duration': {
      const counted = calls.filter((call) => !expectation.tool || call.name === expectation.tool);
      const p95 = percentile95(counted.map((call) => call.endedAt - call.startedAt));
      const slowest = [...counted].sort((left, right) => right.endedAt - right.startedAt - (left.endedAt - left.startedAt))[0];
      return p95 > expectation.maxMs
        ? {
            passed: false,
            message: `p95 call duration ${Math.round(p95)} ms, over ${expectation.maxMs} ms`,
            toolCallId: slowest?.toolCallId,
          }
        : { passed: true, message: `p95 call duration ${Math.round(p95)} ms` };
    }
    case 'max-concurrency': {
      const { peak, at } = peakConcurrency(calls);
      return peak > expectation.max
        ? { passed: false, message: `${peak} calls ran at once, at most ${expectation.max} expected`, toolCallId: at?.toolCallId }
        : { passed: true, message: `peak concurrency ${peak}` };
    }
  }
}

export function checkTrajectory(expectations: readonly Expectation[], trajectory: Trajectory): AssertionResult[] {
  return expectations.map((expectation) => ({ expectation, ...check(expectation, trajectory) }));
}
