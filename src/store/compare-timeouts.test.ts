import { describe, expect, it } from 'vitest';
import type { Tool } from '../core/index.ts';
import { slowReport } from '../samples/tools/slow-report.ts';
import { stubbornTask } from '../samples/tools/stubborn-task.ts';
import { timeoutScenario } from '../samples/scenarios/timeout.ts';
import { sampleAsTool } from '../samples/evaluate-sample.test-support.ts';
import { buildTimeline, comparisonFigures, type ComparisonFigures } from '../trace/index.ts';
import { createDefaultWorkspace } from '../workspace/default-workspace.ts';
import { createTestStore } from './in-process-store.test-support.ts';

// Issue 27, point 8: Compare of the three timeout strategies showed the same figures (total, errors,
// p95, slots held) and a header "timeout 5000 ms" while the calls timed out at 3 s. What differs is the
// work left running past the deadline, how long the longest zombie ran and how many were killed; the
// header gives the timeout the calls really had (the tools' own).

/**
 * stubborn_task's code waits with a plain setTimeout, which the sandbox plays on the executor's clock
 * (ctx.delay) and which in this process would be a real 6 s; and the sandbox kills it by terminating its
 * worker on ctx.killSignal, which in this process nothing would do. The same tool, played as the sandbox plays it.
 */
function stubbornTaskOnTheRunsClock(): Tool {
  const tool = sampleAsTool(stubbornTask);
  return {
    ...tool,
    killable: true,
    execute: async (input, ctx) => {
      const { job, duration_ms } = input as { job: string; duration_ms: number };
      // Never looks at ctx.signal: the mistake the lesson is about. Only a kill ends it early.
      const killed = new Promise<never>((_, reject) =>
        ctx.killSignal?.addEventListener('abort', () => reject(ctx.killSignal?.reason as Error)),
      );
      await Promise.race([ctx.delay!(duration_ms), killed]);
      return { job, finished_at: 'never read' };
    },
  };
}

async function compareTimeoutStrategies(): Promise<{ figures: Map<string, ComparisonFigures>; settingsTexts: Map<string, string> }> {
  const workspace = createDefaultWorkspace();
  const scenario = workspace.scenarios.find((candidate) => candidate.name === JSON.parse(timeoutScenario.source).name);
  if (!scenario) throw new Error('the default workspace has no timeout scenario');
  workspace.scenarios = [scenario];
  const store = createTestStore({
    tools: { slow_report: sampleAsTool(slowReport), stubborn_task: stubbornTaskOnTheRunsClock() },
    workspace,
  });
  await store.getState().runComparison(['race-only', 'abort-signal', 'abort-then-kill']);
  const { entries, error } = store.getState().comparison;
  expect(error).toBeNull();
  const figures = new Map<string, ComparisonFigures>();
  for (const entry of entries) {
    if (!entry.result) throw new Error(`${entry.variantId} did not run`);
    figures.set(entry.variantId, comparisonFigures(buildTimeline(entry.result.events), entry.result.totalMs));
  }
  return { figures, settingsTexts: new Map(entries.map((entry) => [entry.variantId, entry.settingsText])) };
}

describe('Compare of the three timeout strategies', () => {
  it('tells them apart by the work past deadlines, the longest zombie and the kills, and names the 3 s timeout the calls had', async () => {
    const { figures, settingsTexts } = await compareTimeoutStrategies();
    const race = figures.get('race-only')!;
    const abort = figures.get('abort-signal')!;
    const kill = figures.get('abort-then-kill')!;
    // The same where the executor's side is concerned: it stops waiting at the deadline either way.
    expect(new Set([race.errorCount, abort.errorCount, kill.errorCount])).toEqual(new Set([2]));
    // Race lets both 6 s tasks run 3 s past their deadline; abort stops slow_report, not stubborn_task;
    // abort-then-kill also kills stubborn_task 2 s after its deadline.
    expect(race.workPastDeadlinesMs).toBeGreaterThan(abort.workPastDeadlinesMs);
    expect(abort.workPastDeadlinesMs).toBeGreaterThan(kill.workPastDeadlinesMs);
    expect(race.longestPastDeadlineMs).toBeCloseTo(3000, -2);
    expect(abort.longestPastDeadlineMs).toBeCloseTo(3000, -2);
    expect(kill.longestPastDeadlineMs).toBeCloseTo(2000, -2);
    expect([race.kills, abort.kills, kill.kills]).toEqual([0, 0, 1]);
    for (const text of settingsTexts.values()) {
      expect(text).toContain("timeout 3000 ms (the tools' own)");
      expect(text).not.toContain('5000');
    }
  });
});
