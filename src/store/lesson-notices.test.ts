import { describe, expect, it } from 'vitest';
import type { LessonSetup } from '../session/index.ts';
import { createTestStore } from './in-process-store.test-support.ts';

// Lessons run one after another (the walk of stop 37: Canary, then the Python mixed batch) left every
// lesson's notices stacked above the panels, three lines of a 720-pixel screen, and the first lesson's
// "Keep v2" still offered after its offer had ended.
function lessonSetup(store: ReturnType<typeof createTestStore>, change: string, releaseVersionOf?: string) {
  const { workspace } = store.getState();
  const tools = releaseVersionOf
    ? workspace.tools
        .filter((tool) => tool.name === releaseVersionOf)
        .map((tool) => ({
          ...tool,
          version: 'v2',
          versions: [{ version: 'v1', schemaSource: tool.schemaSource, codeSource: tool.codeSource, frozenAt: '2026-12-02T00:00:00.000Z' }],
        }))
    : [];
  const setup: LessonSetup = { changes: [change], problems: [], tools, settings: workspace.settings };
  return setup;
}

const messages = (store: ReturnType<typeof createTestStore>) => store.getState().notices.map((notice) => notice.message);

describe('the notices of lessons run one after another', () => {
  it('are one at a time: a run’s end replaces its start, the next lesson replaces the last one’s, its offer included', () => {
    const store = createTestStore();
    const flaky = store.getState().workspace.tools[0]!.name;
    store.getState().beginLessonRun(1, 'Canary', lessonSetup(store, 'v2 of a tool ships', flaky));
    expect(messages(store)).toEqual([expect.stringMatching(/^For this run only, the lesson sets up: v2 of a tool ships/)]);
    store.getState().endLessonRun(1);
    expect(messages(store)).toEqual([expect.stringMatching(/^The lesson's setup ended with its run/)]);
    expect(store.getState().notices[0]?.action?.label).toBe('Keep v2');

    store.getState().beginLessonRun(2, 'Mixed batch', lessonSetup(store, 'a Python sample is added'));
    expect(messages(store)).toEqual([expect.stringMatching(/^For this run only, the lesson sets up: a Python sample is added/)]);
    expect(store.getState().lessonOffer).toBeNull();
    store.getState().endLessonRun(2);
    expect(messages(store)).toEqual(["The lesson's setup ended with its run: none of it stays in your workspace."]);
  });

  it('leave the other notices alone', () => {
    const store = createTestStore();
    store.getState().notify({ level: 'warning', message: 'Storage is almost full' });
    store.getState().beginLessonRun(1, 'A lesson', lessonSetup(store, 'a tool is set up'));
    store.getState().endLessonRun(1);
    expect(messages(store)).toEqual(['Storage is almost full', expect.stringMatching(/^The lesson's setup ended/)]);
  });
});
