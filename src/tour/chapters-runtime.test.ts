import { describe, expect, it } from 'vitest';
import { canaryScenario } from '../samples/scenarios/canary.ts';
import { runtimeChapters } from './chapters-runtime.ts';
import type { TourCallView, TourView } from './tour-view.ts';

// Chapter 9 passes only when the user rolled the canary back during the run (issue 13.3).
const chapter = runtimeChapters.find((candidate) => candidate.id === 'health-and-versions')!;
const flaky = (version: string, status: 'success' | 'error' = version === 'v2' ? 'error' : 'success'): TourCallView => ({
  name: 'flaky_api',
  status,
  kind: status === 'error' ? 'execution_error' : null,
  attempts: 1,
  version,
});
const unavailable: TourCallView = { name: 'lookup_user', status: 'error', kind: 'unavailable', attempts: 1, version: null };
const view = (calls: TourCallView[]): TourView => ({
  editorTab: 'versions',
  selectedScenarioName: canaryScenario.name,
  playedScenarioName: canaryScenario.name,
  // A run started during the chapter (see chapter-start.ts).
  runId: 2,
  newRun: true,
  timelineTab: 'timeline',
  viewOpenings: {},
  opened: [],
  settingsText: {},
  changedSettings: [],
  comparison: { started: 0, scenarioName: null, running: false, finishedLimits: [] },
  newComparison: false,
  runKind: 'agent',
  running: false,
  calls,
  retriesScheduled: 0,
  retryAfterHonoured: 0,
  peakConcurrency: 4,
  concurrencyLimit: 4,
  lateSettles: 0,
});
const firstBatch = ['v1', 'v2', 'v1', 'v1', 'v2', 'v2'].map((version) => flaky(version));

describe('chapter 9: discovery, health and canary versions', () => {
  it('passes after a Rollback during the run: the second batch all v1, lookup_user unavailable', () => {
    expect(chapter.tryIt.check(view([...firstBatch, ...Array.from({ length: 6 }, () => flaky('v1')), unavailable]))).toBe(true);
  });

  it('does not pass without the Rollback, without the outage, or with no canary at all', () => {
    const secondWithoutRollback = ['v1', 'v1', 'v2', 'v1', 'v1', 'v2'].map((version) => flaky(version));
    expect(chapter.tryIt.check(view([...firstBatch, ...secondWithoutRollback, unavailable]))).toBe(false);
    expect(chapter.tryIt.check(view([...firstBatch, ...Array.from({ length: 6 }, () => flaky('v1'))]))).toBe(false);
    expect(chapter.tryIt.check(view([...Array.from({ length: 12 }, () => flaky('v1')), unavailable]))).toBe(false);
  });
});
