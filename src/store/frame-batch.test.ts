import { describe, expect, it } from 'vitest';
import { animationFrames, FrameBatch, immediateFrames, type FrameScheduler } from './frame-batch.ts';
import { createTestStore, slowWeatherTool } from './in-process-store.test-support.ts';
import { VirtualClock } from '../core/index.ts';

/** Frames that come when the test says: `tick()` runs what waits for the next one. */
function manualFrames(): { frames: FrameScheduler; tick(): void; waiting(): number } {
  let queue: (() => void)[] = [];
  return {
    frames(callback) {
      queue.push(callback);
      return () => {
        queue = queue.filter((queued) => queued !== callback);
      };
    },
    tick() {
      const due = queue;
      queue = [];
      for (const callback of due) callback();
    },
    waiting: () => queue.length,
  };
}

describe('FrameBatch', () => {
  it('hands everything added within a frame to apply once, in order', () => {
    const clock = manualFrames();
    const applied: number[][] = [];
    const batch = new FrameBatch<number>(clock.frames, (items) => applied.push(items));
    for (let item = 0; item < 1000; item++) batch.add(item);
    expect(clock.waiting()).toBe(1);
    expect(applied).toEqual([]);
    clock.tick();
    expect(applied).toHaveLength(1);
    expect(applied[0]).toEqual(Array.from({ length: 1000 }, (_, item) => item));
    batch.add(1000);
    clock.tick();
    expect(applied).toEqual([expect.any(Array), [1000]]);
  });

  it('flush applies what is pending at once and cancels the frame it waited for', () => {
    const clock = manualFrames();
    const applied: string[][] = [];
    const batch = new FrameBatch<string>(clock.frames, (items) => applied.push(items));
    batch.add('a');
    batch.flush();
    expect(applied).toEqual([['a']]);
    expect(clock.waiting()).toBe(0);
    batch.flush();
    expect(applied).toEqual([['a']]);
  });

  it('with immediate frames, applies each item as it comes (tests and Node, where nothing paints)', () => {
    const applied: number[][] = [];
    const batch = new FrameBatch<number>(immediateFrames, (items) => applied.push(items));
    batch.add(1);
    batch.add(2);
    expect(applied).toEqual([[1], [2]]);
  });
});

describe('a fan-out in the store (issue 30)', () => {
  it('changes the run and the call badges once per frame, not once per event', async () => {
    const clock = new VirtualClock();
    const frames = manualFrames();
    const store = createTestStore({ tools: { get_weather: slowWeatherTool }, clock, frames: frames.frames });
    for (const tool of store.getState().workspace.tools) store.getState().updateTool(tool.id, { enabled: tool.name === 'get_weather' });
    const calls = Array.from({ length: 200 }, (_, index) => ({ name: 'get_weather', arguments: { city: `City ${index}` } }));
    const id = store.getState().workspace.scenarios[0]!.id;
    store.getState().updateScenario(id, { source: JSON.stringify({ name: 'Fan-out', turns: [{ toolCalls: calls }] }) });
    store.getState().selectScenario(id);
    store.getState().updateSettings({ concurrency: 8 });
    let runChanges = 0;
    let statusChanges = 0;
    store.subscribe((state, previous) => {
      if (state.run !== previous.run) runChanges++;
      if (state.conversation.callStatus !== previous.conversation.callStatus) statusChanges++;
    });
    const done = store.getState().runScenario();
    let frameCount = 0;
    // A frame every 16 ms of the run's clock: 25 waves of eight 100 ms calls take some 2.5 s.
    while (store.getState().conversation.running) {
      await clock.advance(16);
      frames.tick();
      frameCount++;
    }
    await done;
    const events = store.getState().run?.events.length ?? 0;
    expect(events).toBeGreaterThan(1000);
    expect(frameCount).toBeGreaterThan(100);
    // One change per frame at most, plus the run's start (a new conversation, its carried statuses) and its end.
    expect(runChanges).toBeLessThanOrEqual(frameCount + 1);
    expect(statusChanges).toBeLessThanOrEqual(frameCount + 3);
    const statuses = Object.values(store.getState().conversation.callStatus);
    expect(statuses).toHaveLength(200);
    expect(statuses.every((status) => status.status === 'success')).toBe(true);
  });
});

describe('animationFrames', () => {
  it('applies at most every other frame at 60 Hz: an apply a frame after the last waits one more frame', () => {
    const frames: FrameRequestCallback[] = [];
    const globals = globalThis as unknown as Record<string, unknown>;
    const saved = { raf: globals.requestAnimationFrame, caf: globals.cancelAnimationFrame };
    globals.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(callback);
    globals.cancelAnimationFrame = () => {};
    try {
      const applied: number[] = [];
      const batch = new FrameBatch<number>(animationFrames(), (items) => applied.push(...items));
      const frameAt = (time: number) => frames.splice(0).forEach((callback) => callback(time));
      batch.add(1);
      frameAt(1000);
      expect(applied).toEqual([1]);
      batch.add(2);
      frameAt(1016.7);
      expect(applied).toEqual([1]);
      frameAt(1033.4);
      expect(applied).toEqual([1, 2]);
      batch.flush();
    } finally {
      globals.requestAnimationFrame = saved.raf;
      globals.cancelAnimationFrame = saved.caf;
    }
  });
});
