import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentRunEvent } from '../../../agent/index.ts';
import { buildTimeline, fitViewport, type TimelineModel, type Viewport } from '../../../trace/index.ts';
import { sampleScenarios } from '../../../samples/scenarios/index.ts';
import { labelPlacementRuns } from './label-placement-runs.test-support.ts';
import { placeLabels, type LabelPlacement } from './label-placement.ts';
import { intersects } from './row-geometry.ts';
import {
  contentHeight,
  headerHeight,
  plotArea,
  scaledLayout,
  shownLaneCount,
  visibleRows,
  type TimelineLayout,
} from './timeline-layout.ts';

// Issue 27, point 5: the chart's labels never cover a bar, a deadline mark, a kill mark or another label.
// Placement is pure geometry, so this checks every label box against every shape box over real runs of
// every sample scenario (under each timeout strategy, finished and mid-run), at the chart sizes of a
// 1280×720 and a 1440×900 screen, in the workbench and in presenter mode.

/** A system-ui text at 0.6 em a character: wider than the real font, so real labels have more room than here. */
const measure = (metrics: TimelineLayout) => (text: string) => [...text].length * metrics.smallFontSize * 0.6;

/** The chart's size on each screen (measured in the browser: `[aria-label="Timeline chart"]`). */
const screens = [
  { name: '1280×720', scale: 1, width: 608, height: 158 },
  { name: '1280×720 presenter', scale: 2, width: 1150, height: 614 },
  { name: '1440×900', scale: 1, width: 684, height: 223 },
  { name: '1440×900 presenter', scale: 2, width: 1300, height: 794 },
  // The presenter strip open: the chart narrower.
  { name: '1280×720 presenter, strip open', scale: 2, width: 998, height: 614 },
];

function placementOf(
  model: TimelineModel,
  width: number,
  height: number,
  scale: number,
  viewport?: Viewport,
  scrollTop = 0,
): LabelPlacement {
  const metrics = scaledLayout(scale);
  const header = headerHeight(shownLaneCount(model.lanes.count, 4), metrics);
  const { first, last } = visibleRows(scrollTop, height, header, model.rows.length, metrics);
  return placeLabels({
    viewport: viewport ?? fitViewport(model.start, model.end),
    plot: plotArea(width, metrics),
    metrics,
    rows: model.rows,
    first,
    last,
    scrollTop,
    header,
    height,
    marks: model.marks,
    measure: measure(metrics),
  });
}

function expectNoOverlap(placement: LabelPlacement, where: string): void {
  for (const label of placement.labels) {
    for (const obstacle of placement.obstacles)
      expect(
        intersects(label.box, obstacle.box),
        `${where}: "${label.text}" covers a ${obstacle.kind} at ${obstacle.box.map(Math.round).join(',')}`,
      ).toBe(false);
    for (const other of placement.labels)
      if (other !== label) expect(intersects(label.box, other.box), `${where}: "${label.text}" covers "${other.text}"`).toBe(false);
  }
}

const runs = await labelPlacementRuns();

describe('timeline labels never cover a bar, a mark or another label', () => {
  for (const screen of screens)
    it(`every sample scenario, each timeout strategy, finished and mid-run, at ${screen.name}`, () => {
      let labelsPlaced = 0;
      for (const run of runs)
        for (const model of run.models) {
          // The whole run in view (rows scrolled as needed) and the chart's real height.
          const metrics = scaledLayout(screen.scale);
          const tall = contentHeight(model.rows.length, shownLaneCount(model.lanes.count, 4), metrics);
          for (const height of [screen.height, tall]) {
            const placement = placementOf(model, screen.width, height, screen.scale);
            expectNoOverlap(placement, `${run.name} at ${screen.name}, ${height} px high`);
            labelsPlaced += placement.labels.length;
          }
        }
      expect(labelsPlaced).toBeGreaterThan(20);
    });

  it('the timeout lesson keeps its words at 1280×720: the stopped report and the killed task are both labelled', () => {
    const timeout = runs.find((run) => run.name.startsWith(`${sampleScenarios[5]?.name} · abort, then kill`));
    const model = timeout?.models.at(-1) as TimelineModel;
    for (const screen of screens) {
      const placement = placementOf(model, screen.width, 2000, screen.scale);
      expect(
        placement.labels.map((label) => label.text),
        screen.name,
      ).toEqual(expect.arrayContaining([expect.stringMatching(/^(stopped|\+)/), expect.stringMatching(/^(killed|\+)/)]));
    }
  });

  it('holds for any chart size, zoom and scroll (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: runs.length - 1 }),
        fc.integer({ min: 240, max: 1600 }),
        fc.integer({ min: 60, max: 900 }),
        fc.constantFrom(1, 2),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 400 }),
        (runIndex, width, height, scale, startFraction, spanFraction, scrollTop) => {
          const run = runs[runIndex]!;
          const model = run.models.at(-1) as TimelineModel;
          const whole = fitViewport(model.start, model.end);
          const span = (whole.end - whole.start) * spanFraction;
          const start = whole.start + (whole.end - whole.start) * startFraction;
          expectNoOverlap(placementOf(model, width, height, scale, { start, end: start + span }, scrollTop), run.name);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('where a label goes', () => {
  const events = (): AgentRunEvent[] => runs.find((run) => run.name.includes('abort, then kill') && run.name.startsWith('Timeout'))!.events;

  it('beside its bar in full when there is room; in a shorter form when only that fits; left out when nothing does', () => {
    const model = buildTimeline(events());
    const wide = placementOf(model, 2400, 400, 1).labels.find((label) => label.kind === 'ghost' && label.text.startsWith('killed'));
    expect(wide?.text).toBe('killed 2 s after the deadline');
    const narrow = placementOf(model, 420, 400, 1)
      .labels.filter((label) => label.kind === 'ghost')
      .map((label) => label.text);
    expect(narrow.some((text) => /^(killed \+2 s|\+2 s)$/.test(text) || text.startsWith('killed'))).toBe(true);
    const tiny = placementOf(model, 200, 400, 1);
    expect(tiny.dropped.length).toBeGreaterThan(0);
  });
});
