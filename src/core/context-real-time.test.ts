import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RealClock } from './clock.ts';
import { defineTool } from './define-tool.ts';
import { ToolExecutor } from './executor.ts';
import { VirtualClock } from './virtual-clock.ts';
import type { Clock } from './clock.ts';
import type { ToolContext } from './tool-context.ts';

// ctx.realTime tells a runtime in another thread (the sandbox) whether it may time the tool's waits
// itself: only when the executor's clock is the wall clock (Clock.realTime).
async function realTimeSeenUnder(clock: Clock): Promise<unknown> {
  let seen: ToolContext['realTime'] | 'unset' = 'unset';
  const tool = defineTool({
    name: 'probe',
    description: 'reads ctx.realTime',
    schema: z.object({}),
    execute: (_input, ctx) => {
      seen = ctx.realTime;
      return 'ok';
    },
  });
  await new ToolExecutor({ clock }).register(tool).execute({ id: 'c1', name: 'probe', arguments: {} });
  return seen;
}

describe('ctx.realTime', () => {
  it('is true on the wall clock', async () => {
    expect(await realTimeSeenUnder(new RealClock())).toBe(true);
  });

  it('is false on a virtual clock, and on a clock that does not say', async () => {
    expect(await realTimeSeenUnder(new VirtualClock())).toBe(false);
    const silent: Clock = { now: () => 0, sleep: () => Promise.resolve() };
    expect(await realTimeSeenUnder(silent)).toBe(false);
  });
});
