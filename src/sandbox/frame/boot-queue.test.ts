import { describe, expect, it } from 'vitest';
import { BootQueue, bootsAtOnce, type BootTimers } from './boot-queue.ts';

function manualTimers(): BootTimers & { fire(): void } {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    set: (callback) => {
      pending.set(next, callback);
      return next++;
    },
    clear: (handle) => pending.delete(handle as number),
    fire: () => {
      for (const [handle, callback] of [...pending]) {
        pending.delete(handle);
        callback();
      }
    },
  };
}

describe('Python boots, a few at a time', () => {
  it('starts a boot only once the one before it ended', () => {
    const boots = new BootQueue<string>(1, 60_000, manualTimers());
    const started: string[] = [];
    for (const name of ['a', 'b', 'c']) boots.enqueue(name, () => started.push(name));
    expect(started).toEqual(['a']);
    boots.done('a');
    expect(started).toEqual(['a', 'b']);
    boots.done('b');
    boots.done('c');
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('boots one per core side by side, the next once one ends', () => {
    expect(bootsAtOnce(2)).toBe(2);
    expect(bootsAtOnce(16)).toBe(4);
    expect(bootsAtOnce(0)).toBe(2);
    const boots = new BootQueue<string>(2, 60_000, manualTimers());
    const started: string[] = [];
    for (const name of ['first', 'a', 'b', 'c']) boots.enqueue(name, () => started.push(name));
    // The first boot runs alone (it pays for the wasm's optimizing compile the others reuse).
    expect(started).toEqual(['first']);
    boots.done('first');
    expect(started).toEqual(['first', 'a', 'b']);
    boots.done('b');
    expect(started).toEqual(['first', 'a', 'b', 'c']);
  });

  it('boots first what a job waits for, ahead of the refills queued before it', () => {
    const boots = new BootQueue<string>(1, 60_000, manualTimers());
    const started: string[] = [];
    for (const name of ['running', 'refill', 'taken']) boots.enqueue(name, () => started.push(name));
    boots.hurry('taken');
    boots.done('running');
    expect(started).toEqual(['running', 'taken']);
  });

  it('a worker stopped before its turn never boots, and one stopped while booting lets the next start', () => {
    const boots = new BootQueue<string>(1, 60_000, manualTimers());
    const started: string[] = [];
    for (const name of ['a', 'b', 'c']) boots.enqueue(name, () => started.push(name));
    boots.done('b');
    boots.done('a');
    expect(started).toEqual(['a', 'c']);
    expect(boots.queued).toBe(0);
  });

  it('a boot that never ends holds the others back only until the stall limit', () => {
    const timers = manualTimers();
    const boots = new BootQueue<string>(1, 60_000, timers);
    const started: string[] = [];
    boots.enqueue('hung', () => started.push('hung'));
    boots.enqueue('next', () => started.push('next'));
    timers.fire();
    expect(started).toEqual(['hung', 'next']);
    // Its late end changes nothing for the one booting now.
    boots.done('hung');
    boots.enqueue('third', () => started.push('third'));
    expect(started).toEqual(['hung', 'next']);
  });
});
