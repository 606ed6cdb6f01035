// What is under the pointer, in time rather than pixels: the caller converts the pointer to a time and
// a pixel tolerance to milliseconds, so hit testing is exact at any zoom.
import { isWaitSegment, type CallRow, type ModelCallRecord, type TimelineRow, type TimelineSegment } from '../../../trace/index.ts';

export type TimelineHit =
  { kind: 'call'; call: CallRow; segment: TimelineSegment | null } | { kind: 'model'; record: ModelCallRecord; index: number };

/** The segment (or model call) of `row` at `time`, within `toleranceMs`; the closest one wins. */
export function hitRow(row: TimelineRow, time: number, toleranceMs: number): TimelineHit | null {
  if (row.kind === 'iteration') return null;
  if (row.kind === 'model') {
    let best: TimelineHit | null = null;
    let bestDistance = Infinity;
    row.calls.forEach((record, index) => {
      const distance = distanceTo(record.start, record.end ?? record.start, time);
      if (distance <= toleranceMs && distance < bestDistance) {
        best = { kind: 'model', record, index };
        bestDistance = distance;
      }
    });
    return best;
  }
  let segment: TimelineSegment | null = null;
  let bestDistance = Infinity;
  for (const candidate of row.segments) {
    const distance = distanceTo(candidate.start, candidate.end, time);
    // Ghosts are drawn over later phases; prefer the real phase on a tie. What an attempt waited on is
    // drawn over the attempt: prefer it there.
    const tieWins = segment?.kind === 'ghost' || isWaitSegment(candidate.kind);
    if (distance <= toleranceMs && (distance < bestDistance || (distance === bestDistance && tieWins))) {
      segment = candidate;
      bestDistance = distance;
    }
  }
  return { kind: 'call', call: row, segment };
}

function distanceTo(start: number, end: number, time: number): number {
  return time < start ? start - time : time > end ? time - end : 0;
}
