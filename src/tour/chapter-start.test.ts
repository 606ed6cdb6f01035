import { describe, expect, it } from 'vitest';
import { sinceChapterStart } from './chapter-start.ts';
import type { TourView } from './tour-view.ts';

const view = (patch: Partial<TourView> = {}): TourView => ({
  editorTab: 'code',
  selectedScenarioName: null,
  playedScenarioName: null,
  runId: null,
  newRun: false,
  timelineTab: 'timeline',
  viewOpenings: {},
  opened: [],
  settingsText: { concurrency: '4', timeoutMs: '5000' },
  changedSettings: [],
  comparison: { started: 0, scenarioName: null, running: false, finishedLimits: [] },
  newComparison: false,
  runKind: null,
  running: false,
  calls: [],
  retriesScheduled: 0,
  retryAfterHonoured: 0,
  peakConcurrency: 0,
  concurrencyLimit: 4,
  lateSettles: 0,
  ...patch,
});

describe('sinceChapterStart', () => {
  it('says which run, views and settings are new since the chapter began', () => {
    const began = view({ runId: 3, viewOpenings: { 'editor:definition': 1 } });
    const now = view({
      runId: 4,
      viewOpenings: { 'editor:definition': 1, 'timeline:metrics': 2 },
      settingsText: { concurrency: '2', timeoutMs: '5000' },
    });
    expect(sinceChapterStart(now, began)).toMatchObject({ newRun: true, opened: ['timeline:metrics'], changedSettings: ['concurrency'] });
    expect(sinceChapterStart(began, began)).toMatchObject({ newRun: false, opened: [], changedSettings: [] });
  });

  it('counts a first run as new, and nothing without a start', () => {
    expect(sinceChapterStart(view({ runId: 1 }), view()).newRun).toBe(true);
    expect(sinceChapterStart(view({ runId: 1, viewOpenings: { 'editor:code': 1 } }), null)).toMatchObject({ newRun: false, opened: [] });
  });
});
