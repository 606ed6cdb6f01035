import { describe, expect, it } from 'vitest';
import type { Tool } from '../core/index.ts';
import { afterDeadlineSummary, afterDeadlineSummaryText, afterDeadlineText, lingeringAttempt } from './after-deadline.ts';
import { stubbornTool, recordBatch } from './recorded-batches.test-support.ts';
import { buildTimeline } from './timeline-builder.ts';
import type { CallRow } from './timeline-types.ts';

// A stubborn tool (ignores its signal, 250 ms of work, 100 ms timeout) that a worker-like runtime can kill.
const killableStubborn = (clock: Parameters<typeof stubbornTool>[2]): Tool => {
  const tool = stubbornTool('stubborn', 250, clock);
  return {
    ...tool,
    killable: true,
    execute: (input, ctx) =>
      new Promise((resolve, reject) => {
        ctx.killSignal?.addEventListener('abort', () => reject(ctx.killSignal?.reason));
        Promise.resolve(tool.execute(input, ctx)).then(resolve, reject);
      }),
  };
};

const call = { id: 's', name: 'stubborn', arguments: {} };

describe('what the work did after its deadline, as the timeline shows it', () => {
  it('abort, then kill: a ghost from the deadline to the kill, "killed 50 ms after the deadline"', async () => {
    const { events } = await recordBatch((clock) => [killableStubborn(clock)], [call], {
      timeoutStrategy: 'abort-then-kill',
      killGraceMs: 50,
    });
    const row = buildTimeline(events).calls[0] as CallRow;
    expect(row.segments.find((segment) => segment.kind === 'ghost')).toMatchObject({
      start: 1100,
      end: 1150,
      ghostEnd: 'killed',
      open: false,
    });
    expect(afterDeadlineText(lingeringAttempt(row))).toBe('killed 50 ms after the deadline');
  });

  it('Stop before the deadline: "killed on Stop", not "0 ms after the deadline" (no deadline had passed)', async () => {
    const stop = new AbortController();
    const { events } = await recordBatch(
      (clock) => {
        void clock.sleep(30).then(() => stop.abort(new DOMException('Stopped by the user', 'AbortError')));
        return [killableStubborn(clock)];
      },
      [call],
      { timeoutStrategy: 'abort-then-kill', killGraceMs: 50 },
      { signal: stop.signal },
    );
    const row = buildTimeline(events).calls[0] as CallRow;
    expect(afterDeadlineText(lingeringAttempt(row))).toBe('killed on Stop');
  });

  it('work that settles after Stop ended its call (at 60 ms, its deadline at 100) outlived the call, not a deadline', async () => {
    const stop = new AbortController();
    const { events } = await recordBatch(
      (clock) => {
        void clock.sleep(30).then(() => stop.abort(new DOMException('Stopped by the user', 'AbortError')));
        return [stubbornTool('stubborn', 60, clock)];
      },
      [call],
      { timeoutStrategy: 'abort' },
      { signal: stop.signal },
    );
    const row = buildTimeline(events).calls[0] as CallRow;
    expect(afterDeadlineText(lingeringAttempt(row))).toBe('finished after the call ended — result discarded');
  });

  it('race only: the ghost runs to the natural end and the result is discarded', async () => {
    const { events } = await recordBatch((clock) => [killableStubborn(clock)], [call], { timeoutStrategy: 'race' });
    const row = buildTimeline(events).calls[0] as CallRow;
    expect(row.segments.find((segment) => segment.kind === 'ghost')).toMatchObject({ start: 1100, end: 1250, ghostEnd: 'late-success' });
    expect(afterDeadlineText(lingeringAttempt(row))).toBe('finished 150 ms late — result discarded');
  });

  it('while the work still runs, the ghost is open and the model says work lingers', async () => {
    const { events } = await recordBatch((clock) => [killableStubborn(clock)], [call], { timeoutStrategy: 'abort' });
    const untilDeadline = events.filter((event) => event.type !== 'attempt-late-settle');
    const model = buildTimeline(untilDeadline, 1200);
    const row = model.calls[0] as CallRow;
    expect(row.segments.find((segment) => segment.kind === 'ghost')).toMatchObject({ start: 1100, end: 1200, open: true });
    expect(model.lingering).toBe(true);
    expect(afterDeadlineText(lingeringAttempt(row))).toBe('still running — result will be discarded');
  });
});

describe('afterDeadlineSummary', () => {
  it('counts late settles, kills and the work done past deadlines, for Compare', async () => {
    const killed = await recordBatch((clock) => [killableStubborn(clock)], [call], { timeoutStrategy: 'abort-then-kill', killGraceMs: 50 });
    expect(afterDeadlineSummary(buildTimeline(killed.events))).toEqual({
      lingered: 1,
      lateSettles: 0,
      killed: 1,
      workPastDeadlinesMs: 50,
      longestPastDeadlineMs: 50,
    });
    const raced = await recordBatch((clock) => [killableStubborn(clock)], [call], { timeoutStrategy: 'race' });
    const summary = afterDeadlineSummary(buildTimeline(raced.events));
    expect(summary).toEqual({ lingered: 1, lateSettles: 1, killed: 0, workPastDeadlinesMs: 150, longestPastDeadlineMs: 150 });
    expect(afterDeadlineSummaryText(summary)).toBe('150 ms of work past deadlines · 1 late settle (discarded)');
  });
});
