import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTasks } from './idle-tasks.ts';

/** An idle callback the test fires by hand, so "the browser is idle now" is a step of the test. */
function manualIdle() {
  const waiting: (() => void)[] = [];
  return {
    whenIdle: (callback: () => void) => waiting.push(callback),
    fire: async () => {
      waiting.shift()?.();
      // The task runs after a resolved promise, and the next one is asked for after it settles.
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    },
    get waiting() {
      return waiting.length;
    },
  };
}

describe('IdleTasks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs one task at a time, each when the browser is idle, in order, and goes on after a failure', async () => {
    const idle = manualIdle();
    const tasks = new IdleTasks(() => false, idle.whenIdle);
    const ran: string[] = [];
    tasks.add(async () => {
      ran.push('first');
      throw new Error('failed');
    });
    let finishSecond = () => {};
    tasks.add(() => new Promise<void>((resolve) => (finishSecond = resolve)).then(() => ran.push('second')));
    // A task waiting for idle time counts once (it counted twice before).
    expect([tasks.size, idle.waiting]).toEqual([2, 1]);
    await idle.fire();
    expect(ran).toEqual(['first']);
    expect([tasks.size, idle.waiting]).toEqual([1, 1]);
    await idle.fire();
    // Running, not finished: still counted, and nothing else is asked for.
    expect([tasks.size, idle.waiting]).toEqual([1, 0]);
    finishSecond();
    await idle.fire();
    expect(ran).toEqual(['first', 'second']);
    expect([tasks.size, idle.waiting]).toEqual([0, 0]);
  });

  it('keeps at most its cap waiting, the newest ones: an import of 500 tools does not queue 500 prewarms', async () => {
    const idle = manualIdle();
    const tasks = new IdleTasks(() => false, idle.whenIdle, 3);
    const ran: number[] = [];
    for (let tool = 0; tool < 500; tool++) tasks.add(async () => void ran.push(tool));
    expect(tasks.size).toBe(3);
    for (let turn = 0; turn < 5; turn++) await idle.fire();
    expect(ran).toEqual([497, 498, 499]);
    expect([tasks.size, idle.waiting]).toEqual([0, 0]);
  });

  it('while the sandbox is busy, looks again 250 ms later instead of running the task', async () => {
    const idle = manualIdle();
    let busy = true;
    const tasks = new IdleTasks(() => busy, idle.whenIdle);
    const task = vi.fn(async () => undefined);
    tasks.add(task);
    await idle.fire();
    expect(task).not.toHaveBeenCalled();
    expect([tasks.size, idle.waiting]).toEqual([1, 0]);
    vi.advanceTimersByTime(249);
    expect(idle.waiting).toBe(0);
    vi.advanceTimersByTime(1);
    expect(idle.waiting).toBe(1);
    busy = false;
    await idle.fire();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('drops queued tasks and the pending look-again on clear', async () => {
    const idle = manualIdle();
    let busy = true;
    const tasks = new IdleTasks(() => busy, idle.whenIdle);
    const task = vi.fn(async () => undefined);
    tasks.add(task);
    await idle.fire();
    tasks.clear();
    busy = false;
    vi.advanceTimersByTime(1_000);
    expect([tasks.size, idle.waiting]).toEqual([0, 0]);
    expect(task).not.toHaveBeenCalled();
  });

  it('waits for requestIdleCallback (at most 1 s) where the browser has it', async () => {
    const requestIdleCallback = vi.fn((callback: () => void, _options: { timeout: number }) => callback());
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const task = vi.fn(async () => undefined);
    new IdleTasks(() => false).add(task);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to a 20 ms timer without requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn(async () => undefined);
    new IdleTasks(() => false).add(task);
    await vi.advanceTimersByTimeAsync(19);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
