import { describe, it, expect, vi } from 'vitest';
import { Semaphore } from './semaphore.ts';

describe('Semaphore', () => {
  it('hands slots out first in, first out', async () => {
    const semaphore = new Semaphore(1);
    const first = await semaphore.acquire();
    const order: number[] = [];
    const waiters = [1, 2, 3].map((label) =>
      semaphore.acquire().then((release) => {
        order.push(label);
        release();
      }),
    );
    expect(semaphore.waiting).toBe(3);
    first();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    expect(semaphore.active).toBe(0);
  });

  it('does not let a newcomer overtake a waiter', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const waiting = semaphore.acquire();
    release();
    expect(semaphore.tryAcquire()).toBeUndefined();
    (await waiting)();
    expect(semaphore.tryAcquire()).toBeTypeOf('function');
  });

  it('removes an aborted waiter from the queue at once', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const cancelled = semaphore.acquire(controller.signal);
    const next = semaphore.acquire();
    controller.abort(new Error('gone'));
    await expect(cancelled).rejects.toThrow('gone');
    expect(semaphore.waiting).toBe(1);
    release();
    (await next)();
    expect(semaphore.active).toBe(0);
    await expect(semaphore.acquire(controller.signal)).rejects.toThrow('gone');
  });

  it('ignores a second release of the same slot', async () => {
    const semaphore = new Semaphore(2);
    const release = await semaphore.acquire();
    release();
    release();
    expect(semaphore.active).toBe(0);
  });

  it('refuses a limit below 1 (and NaN), saying which', () => {
    expect(() => new Semaphore(0)).toThrow(new RangeError('Concurrency limit must be at least 1, got 0'));
    expect(() => new Semaphore(Number.NaN)).toThrow(new RangeError('Concurrency limit must be at least 1, got NaN'));
    expect(new Semaphore(1).active).toBe(0);
  });

  it('removes its abort listener once a waiter gets its slot (issue 20: listeners never removed)', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const waiting = semaphore.acquire(controller.signal);
    release();
    const granted = await waiting;
    expect(remove.mock.calls.map(([type]) => type)).toEqual(['abort']);
    // The listener is gone: aborting now neither throws nor touches the queue.
    controller.abort();
    expect(semaphore.active).toBe(1);
    granted();
  });

  it('hands slots over one after another, never one inside another (issue 30: no promise per waiter)', () => {
    const semaphore = new Semaphore(1);
    const first = semaphore.tryAcquire() as () => void;
    const order: number[] = [];
    let depth = 0;
    let deepest = 0;
    // Each waiter gives its slot back as soon as it has it, as a call of a synchronous tool does.
    for (let label = 1; label <= 20_000; label++)
      semaphore.wait({
        granted(release) {
          depth++;
          deepest = Math.max(deepest, depth);
          order.push(label);
          release();
          depth--;
        },
        refused: () => undefined,
      });
    first();
    expect(order).toHaveLength(20_000);
    expect(order.every((label, index) => label === index + 1)).toBe(true);
    expect(deepest).toBe(1);
    expect(semaphore.active).toBe(0);
    // The hand-over is done: the next release hands over at once again.
    const again = semaphore.tryAcquire() as () => void;
    const granted: number[] = [];
    semaphore.wait({ granted: () => granted.push(1), refused: () => undefined });
    again();
    expect(granted).toEqual([1]);
  });

  it('tells a waiting waiter it was refused after the abort has been dispatched', async () => {
    const semaphore = new Semaphore(1);
    semaphore.tryAcquire();
    const controller = new AbortController();
    const refusals: unknown[] = [];
    semaphore.wait({ granted: () => undefined, refused: (reason) => refusals.push(reason) }, controller.signal);
    controller.abort('gone');
    expect(semaphore.waiting).toBe(0);
    expect(refusals).toEqual([]);
    await Promise.resolve();
    expect(refusals).toEqual(['gone']);
  });

  it('a long queue that some waiters leave grants the others in order, and keeps counting right while it grows and drains', async () => {
    const semaphore = new Semaphore(1);
    let release = semaphore.tryAcquire() as () => void;
    const granted: number[] = [];
    const refused: number[] = [];
    const controllers: AbortController[] = [];
    const enqueue = (label: number): void => {
      const controller = new AbortController();
      controllers[label] = controller;
      semaphore.wait(
        {
          granted: (next) => {
            granted.push(label);
            release = next;
          },
          refused: () => refused.push(label),
        },
        controller.signal,
      );
    };
    for (let label = 0; label < 3000; label++) enqueue(label);
    // Every third waiter leaves (a Stop of some calls), then the queue drains while newcomers keep arriving.
    for (let label = 0; label < 3000; label += 3) controllers[label]?.abort();
    expect(semaphore.waiting).toBe(2000);
    for (let label = 3000; label < 4000; label++) {
      release();
      enqueue(label);
    }
    expect(semaphore.waiting).toBe(2000);
    while (semaphore.waiting > 0) release();
    release();
    await Promise.resolve();
    const expected = Array.from({ length: 4000 }, (_, label) => label).filter((label) => label >= 3000 || label % 3 !== 0);
    expect(granted).toEqual(expected);
    expect(refused).toHaveLength(1000);
    expect(semaphore.active).toBe(0);
    expect(semaphore.tryAcquire()).toBeTypeOf('function');
  });
});
