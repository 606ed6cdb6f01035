// The Calls table's numbers. A reader (and the e2e specs) tells which calls overlapped by adding a row's
// start and duration and comparing with the next row's start. Rounded separately, start and duration
// each drift by up to half a millisecond, so a call that started the instant another ended (a queued call
// taking a freed slot, on the same tick of a coarse clock) could read as if it began a millisecond before
// that one finished: a fan-out under a limit of 4 read as 5 or 7 at once. Rounding the two instants and
// showing their difference keeps the order of the real times: start + duration is the end, rounded.

/** Whole milliseconds since the run's origin. */
export const wholeMilliseconds = (value: number): number => Math.round(value);

export interface ShownTimes {
  /** When the call started (or was queued, if it never started), in whole ms since the origin. */
  start: number;
  /** Its end minus its start, both rounded first; null while it runs with no `now` to measure by. */
  duration: number | null;
}

export function shownTimes(
  call: { queuedAt: number; startedAt?: number | undefined; endedAt?: number | undefined },
  origin: number,
  now: number | undefined,
): ShownTimes {
  const start = wholeMilliseconds((call.startedAt ?? call.queuedAt) - origin);
  if (call.startedAt === undefined) return { start, duration: call.endedAt === undefined ? null : 0 };
  const end = call.endedAt ?? now;
  return { start, duration: end === undefined ? null : wholeMilliseconds(end - origin) - start };
}
