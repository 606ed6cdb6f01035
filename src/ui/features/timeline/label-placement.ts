// Where the chart's words go, decided before anything is drawn: each ghost's "killed 2 s after the
// deadline", each call's "limit 3.0 s", each Rollback's words at the foot of the chart. A label never
// covers a bar, a deadline mark, a kill mark or another label: it takes free space beside its bar in its
// own row, else a shorter form of itself there, else free space in the row below or above, else it is left
// out (the table, the tooltip and the inspector say the same). Pure geometry, so a test can check every
// label box against every bar box over real runs, and drawing only paints what was placed.
import { formatDuration, ghostLabelForms, type CallRow, type TimelineMark, type TimelineRow } from '../../../trace/index.ts';
import { callObstacles, intersects, modelObstacles, xOf, type Box, type Obstacle, type RowFrame } from './row-geometry.ts';
import { rowTop } from './timeline-layout.ts';

export interface PlacementInput extends RowFrame {
  rows: readonly TimelineRow[];
  /** Rows in view: first inclusive, last exclusive. */
  first: number;
  last: number;
  scrollTop: number;
  /** Where the rows start (below the axis and lanes). */
  header: number;
  /** The canvas height, CSS px. */
  height: number;
  marks: readonly TimelineMark[];
  /** Width of a text: `note` in the small font, `mark` in its semibold form. */
  measure(text: string, style: 'note' | 'mark'): number;
}

export interface PlacedLabel {
  kind: 'ghost' | 'limit' | 'mark';
  /** The call's key, or `mark:<index>`. */
  key: string;
  text: string;
  /** What the label covers, backing and padding included. */
  box: Box;
  /** Where the text starts, and its middle line. */
  x: number;
  middle: number;
}

export interface LabelPlacement {
  labels: PlacedLabel[];
  /** Every shape the labels were kept off. */
  obstacles: Obstacle[];
  /** Labels with no room anywhere, by call key. */
  dropped: { kind: PlacedLabel['kind']; key: string }[];
}

interface Wanted {
  kind: 'ghost' | 'limit';
  key: string;
  forms: string[];
  /** The row's index, and the x range of what the label is about (its bar), where it should sit next to. */
  rowIndex: number;
  left: number;
  right: number;
  /** Other rows may take it (a ghost's lesson is worth moving); a limit note stays in its row or goes. */
  movable: boolean;
}

/** The labels a call's row would like: one per visible ghost, or the time limit after a call without one. */
function wantedLabels(frame: RowFrame, call: CallRow, rowIndex: number, obstacles: readonly Obstacle[]): Wanted[] {
  const bars = obstacles.filter((obstacle) => obstacle.kind === 'bar' || obstacle.kind === 'ghost');
  const left = Math.min(...bars.map((obstacle) => obstacle.box[0]));
  const wanted: Wanted[] = [];
  for (const segment of call.segments) {
    if (segment.kind !== 'ghost') continue;
    const ghostX = xOf(frame, segment.end);
    const right = ghostX ?? frame.plot.left + frame.plot.width;
    if (segment.end < frame.viewport.start) continue;
    const attempt = call.attempts.find((candidate) => candidate.attempt === segment.attempt);
    const killGap = segment.ghostEnd === 'killed' ? 5 * frame.metrics.scale : 0;
    wanted.push({
      kind: 'ghost',
      key: call.key,
      forms: ghostLabelForms(segment, attempt),
      rowIndex,
      left,
      right: right + killGap,
      movable: true,
    });
  }
  const attempt = call.attempts.at(-1);
  if (wanted.length === 0 && attempt && Number.isFinite(attempt.timeoutMs) && bars.length > 0) {
    const right = Math.max(...bars.map((obstacle) => obstacle.box[0] + obstacle.box[2]));
    wanted.push({
      kind: 'limit',
      key: call.key,
      forms: [`limit ${formatDuration(attempt.timeoutMs)}`],
      rowIndex,
      left,
      right,
      movable: false,
    });
  }
  return wanted;
}

export function placeLabels(input: PlacementInput): LabelPlacement {
  const { metrics, plot } = input;
  const unit = metrics.scale;
  const gap = 4 * unit;
  const noteHeight = Math.round(metrics.smallFontSize * 1.3);
  const plotRight = plot.left + plot.width;
  const topOf = (index: number) => rowTop(index, input.scrollTop, input.header, metrics);
  const obstacles: Obstacle[] = [];
  const wanted: Wanted[] = [];
  for (let index = input.first; index < input.last; index++) {
    const row = input.rows[index];
    if (row?.kind === 'model') obstacles.push(...modelObstacles(input, row, topOf(index)));
    if (row?.kind !== 'call') continue;
    const own = callObstacles(input, row, topOf(index));
    obstacles.push(...own);
    wanted.push(...wantedLabels(input, row, index, own));
  }
  const markLines = input.marks.flatMap((mark, index) => {
    const x = xOf(input, mark.time);
    return x === null ? [] : [{ mark, index, x: Math.round(x) + 0.5 }];
  });
  for (const line of markLines) obstacles.push({ kind: 'mark', box: [line.x - unit, input.header, 2 * unit, input.height - input.header] });

  const boxIn = (rowIndex: number, x: number, width: number): Box => [
    x,
    topOf(rowIndex) + (metrics.rowHeight - noteHeight) / 2,
    width,
    noteHeight,
  ];
  const labels: PlacedLabel[] = [];
  const dropped: LabelPlacement['dropped'] = [];
  // Inside the plot and below the header, off every shape and every label placed so far (with a gap).
  // The padded box is made once per try: the Model row of a long run brings thousands of obstacles.
  const free = (box: Box): boolean => {
    if (box[0] < plot.left + unit || box[0] + box[2] > plotRight - unit || box[1] < input.header || box[1] + box[3] > input.height)
      return false;
    const spaced = padded(box, gap / 2);
    return !obstacles.some((obstacle) => intersects(spaced, obstacle.box)) && !labels.some((label) => intersects(spaced, label.box));
  };

  // The Rollback's words first: a lesson's turning point, at the foot of the chart, else higher up.
  const markHeight = metrics.smallFontSize + 8 * unit;
  for (const { mark, index, x } of markLines) {
    const width = input.measure(mark.label, 'mark') + 8 * unit;
    let placed: Box | undefined;
    for (let top = input.height - markHeight - 4 * unit; top >= input.header && !placed; top -= metrics.rowHeight)
      placed = [[x + gap, top, width, markHeight] as Box, [x - gap - width, top, width, markHeight] as Box].find(free);
    if (placed)
      labels.push({
        kind: 'mark',
        key: `mark:${index}`,
        text: mark.label,
        box: placed,
        x: placed[0] + 4 * unit,
        middle: placed[1] + markHeight / 2,
      });
    else dropped.push({ kind: 'mark', key: `mark:${index}` });
  }

  for (const label of wanted) {
    const rowObstacles = (rowIndex: number): Box[] => {
      const top = topOf(rowIndex);
      return obstacles.map((obstacle) => obstacle.box).filter((box) => box[1] < top + metrics.rowHeight && box[1] + box[3] > top);
    };
    // The label's own row: just past the shapes that touch its bar's end (a deadline, the ✕), or before its start.
    const ownTries = (width: number): Box[] => {
      const shapes = rowObstacles(label.rowIndex).sort((first, second) => first[0] - second[0]);
      let right = label.right;
      for (const box of shapes) if (box[0] < right + gap && box[0] + box[2] > right) right = box[0] + box[2];
      let left = label.left;
      for (const box of [...shapes].reverse()) if (box[0] + box[2] > left - gap && box[0] < left) left = box[0];
      return [boxIn(label.rowIndex, right + gap, width), boxIn(label.rowIndex, left - gap - width, width)];
    };
    // A row above or below: under (or over) the bar's end, reading on from it.
    const neighbourTries = (rowIndex: number, width: number): Box[] => [
      boxIn(rowIndex, label.right + gap, width),
      boxIn(rowIndex, label.right - width, width),
      boxIn(rowIndex, label.left, width),
    ];
    const neighbours = label.movable
      ? [label.rowIndex + 1, label.rowIndex - 1].filter((rowIndex) => rowIndex >= input.first && rowIndex < input.last)
      : [];
    // The words in full or nearly, in the label's row; else in full in a row beside it; else its shortest form in its row.
    const shortest = label.forms.length > 1 ? label.forms.slice(-1) : [];
    const attempts: { text: string; boxes: (width: number) => Box[] }[] = [
      ...label.forms.slice(0, label.forms.length - shortest.length).map((text) => ({ text, boxes: ownTries })),
      ...neighbours.flatMap((rowIndex) => label.forms.map((text) => ({ text, boxes: (width: number) => neighbourTries(rowIndex, width) }))),
      ...shortest.map((text) => ({ text, boxes: ownTries })),
    ];
    let placed: { box: Box; text: string } | undefined;
    for (const attempt of attempts) {
      const box = attempt.boxes(input.measure(attempt.text, 'note')).find(free);
      if (box) {
        placed = { box, text: attempt.text };
        break;
      }
    }
    if (placed)
      labels.push({
        kind: label.kind,
        key: label.key,
        text: placed.text,
        box: placed.box,
        x: placed.box[0],
        middle: placed.box[1] + noteHeight / 2,
      });
    else dropped.push({ kind: label.kind, key: label.key });
  }
  return { labels, obstacles, dropped };
}

function padded(box: Box, by: number): Box {
  return [box[0] - by, box[1], box[2] + 2 * by, box[3]];
}
