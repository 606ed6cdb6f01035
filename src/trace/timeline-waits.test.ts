import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool, type ToolContext } from '../core/index.ts';
import { toChromeTrace } from './chrome-trace.ts';
import { recordBatch } from './recorded-batches.test-support.ts';
import { buildTimeline } from './timeline-builder.ts';
import type { CallRow } from './timeline-types.ts';

/** A tool under a 1 s limit that runs `script` (which says what it waits on through ctx.wait). */
const asking = (script: (ctx: ToolContext) => Promise<unknown>): Tool =>
  defineTool({ name: 'asks', description: '', schema: z.object({}), timeoutMs: 1000, execute: (_input, ctx) => script(ctx) }) as Tool;

async function recorded(script: (ctx: ToolContext) => Promise<unknown>) {
  const { events } = await recordBatch(() => [asking(script)], [{ id: 'c', name: 'asks', arguments: {} }]);
  return events;
}

/** The person takes 2 s on a form, then the model answers the server in 200 ms, then the tool ends. */
const formThenSampling = async (ctx: ToolContext) => {
  await ctx.sleep(100);
  const answered = ctx.wait?.('user', { message: 'Waiting for you: your name?' });
  await ctx.delay?.(2000);
  answered?.({ message: 'You answered the form.' });
  const sampled = ctx.wait?.('model', { message: 'The server asked the model.' });
  await ctx.sleep(200);
  sampled?.({ model: 'mock', usage: { inputTokens: 12, outputTokens: 5 } });
  await ctx.sleep(100);
  return 'ok';
};

describe('what an attempt waited on, on the timeline', () => {
  it('draws the wait on the person and the model call inside the attempt, and the deadline moved on by the wait', async () => {
    const events = await recorded(formThenSampling);
    const call = buildTimeline(events).calls[0] as CallRow;
    const start = call.attempts[0]?.start ?? Number.NaN;
    expect(call.status).toBe('success');
    expect(call.segments.map(({ kind, start: from, end }) => [kind, from - start, end - start])).toEqual([
      ['attempt', 0, 2400],
      ['waiting', 100, 2100],
      ['sampling', 2100, 2300],
    ]);
    // A 1 s limit, 2 s of it spent on the person: the deadline stood still, then ran on.
    expect(call.deadlines).toEqual([start + 3000]);
    expect(call.waits[1]).toMatchObject({ on: 'model', model: 'mock', usage: { inputTokens: 12, outputTokens: 5 } });
  });

  it('while the person has the form, the call reads "waiting for you" and its deadline moves on with now', async () => {
    const events = await recorded(formThenSampling);
    const waitStart = events.find((event) => event.type === 'attempt-wait-start');
    const upTo = events.slice(0, events.indexOf(waitStart as (typeof events)[number]) + 1);
    const at = (now: number) => buildTimeline(upTo, now).calls[0] as CallRow;
    const time = waitStart?.time ?? Number.NaN;
    expect(at(time + 500).status).toBe('waiting_for_you');
    expect(at(time + 500).segments.at(-1)).toMatchObject({ kind: 'waiting', open: true, end: time + 500 });
    // The deadline was 900 ms away when the form came; it stays 900 ms away for as long as the person takes.
    expect(at(time + 500).deadlines[0]).toBe(time + 500 + 900);
    expect(at(time + 5000).deadlines[0]).toBe(time + 5000 + 900);
  });

  it('names the waits in the Chrome trace, nested in the attempt, with the model and its tokens', async () => {
    const trace = toChromeTrace(buildTimeline(await recorded(formThenSampling)));
    const named = (name: string) => trace.traceEvents.find((event) => event.name === name);
    const attempt = named('attempt 1');
    const waiting = named('waiting for you (deadline paused)');
    const sampling = named('model call (sampling)');
    expect(waiting).toMatchObject({ ph: 'X', tid: attempt?.tid, dur: 2_000_000, args: { message: 'You answered the form.' } });
    expect(sampling).toMatchObject({ ph: 'X', dur: 200_000, args: { model: 'mock', inputTokens: 12, outputTokens: 5 } });
    expect((waiting?.ts ?? 0) >= (attempt?.ts ?? Infinity)).toBe(true);
  });
});
