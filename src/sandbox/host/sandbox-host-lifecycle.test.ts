// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxHost } from './sandbox-host.ts';
import { defaultPoolSize, type SandboxHostOptions } from './sandbox-host.ts';
import { advance, settle, startFakeHost, useFakeTime, type FakeFrameBehaviour } from './fake-frame.test-support.ts';
import type { SessionEndedError } from './worker-session.ts';

// The host's life around its frame: defaults, the frame being replaced or shut down while another opens,
// and the watch on stops the frame does not confirm. Timing runs on fake timers (useFakeTime, advance);
// messages between host and fake frame are real and are let through with `settle`.

const hosts: SandboxHost[] = [];

beforeAll(() => vi.stubGlobal('fetch', async () => new Response('')));
afterEach(() => {
  vi.useRealTimers();
  for (const host of hosts.splice(0)) host.destroy();
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', async () => new Response(''));
});
afterAll(() => vi.unstubAllGlobals());

const startHost = (behaviour: FakeFrameBehaviour = {}, options: Partial<SandboxHostOptions> = {}) =>
  startFakeHost(hosts, behaviour, options);

const pings = (received: { type: string }[]) => received.filter((message) => message.type === 'ping').length;

describe('defaultPoolSize', () => {
  it('is twice the cores, at least 4 and at most 12, counting whole cores', () => {
    expect([0, 1, 2, 3, 3.9, 6, 7, 64].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 4, 6, 6, 12, 12, 12]);
  });

  it("reads the browser's core count, and assumes 2 without a navigator", () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 5 });
    expect(defaultPoolSize()).toBe(10);
    vi.stubGlobal('navigator', undefined);
    expect(defaultPoolSize()).toBe(4);
  });
});

describe('SandboxHost defaults', () => {
  it('loads sandbox.html from the base URL, gives modules 3 s to run and the start-up 10 s, and keeps given limits', async () => {
    const { host, frames } = await startHost({}, { graceMs: undefined });
    expect(frames[0]?.iframe.getAttribute('src')).toBe('/sandbox.html');
    expect([host.moduleLoadTimeoutMs, host.dependencyLoadTimeoutMs, host.options.graceMs]).toEqual([3_000, 10_000, 5_000]);
    const { host: tuned } = await startHost({}, { moduleLoadTimeoutMs: 1_234, frameStartTimeoutMs: 2_345 });
    expect([tuned.moduleLoadTimeoutMs, tuned.dependencyLoadTimeoutMs]).toEqual([1_234, 2_345]);
  });

  it('runs as many compile batches side by side as there are cores, at most the pool size, at least 1', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 3 });
    expect((await startHost()).host.options).toMatchObject({ poolSize: 6, compileParallel: 3 });
    expect((await startHost({}, { poolSize: 2 })).host.options.compileParallel).toBe(2);
    vi.stubGlobal('navigator', undefined);
    expect((await startHost()).host.options).toMatchObject({ poolSize: 4, compileParallel: 2 });
  });
});

describe('SandboxHost idle tasks', () => {
  it('runs idle work only once nothing is in flight, also after work that failed, and none once shut down', async () => {
    const { host } = await startHost({}, { graceMs: 10_000 });
    useFakeTime();
    let finish: () => void = () => undefined;
    const busy = host.whileBusy(() => new Promise<void>((_, reject) => (finish = () => reject(new Error('failed')))));
    const task = vi.fn(async () => undefined);
    host.idleTasks.add(task);
    await advance(600);
    expect(task).not.toHaveBeenCalled();
    finish();
    await expect(busy).rejects.toThrow('failed');
    await advance(300);
    expect(task).toHaveBeenCalledTimes(1);
    host.destroy();
    const late = vi.fn(async () => undefined);
    host.idleTasks.add(late);
    await advance(600);
    expect(late).not.toHaveBeenCalled();
  });
});

describe('SandboxHost frame lifecycle', () => {
  it('says why it replaced the frame: silence for how long, or the message it refused', async () => {
    const { host, frames, behaviour } = await startHost();
    const first = await host.startWorker('code');
    frames[0]?.post({ type: 'frame-protocol-error', message: 'bad start-worker' });
    await expect(first.waitFor(() => undefined)).rejects.toThrow(
      'The sandbox stopped responding (it refused a message: bad start-worker), probably because a tool used too much memory; it has been restarted',
    );
    const second = await host.startWorker('code');
    const ended = second.waitFor(() => undefined).catch((error: unknown) => error as SessionEndedError);
    behaviour.pong = false;
    useFakeTime();
    void host.whileBusy(() => ended);
    await advance(200);
    expect(await ended).toMatchObject({
      message: expect.stringMatching(/^The sandbox stopped responding \(it did not answer for (9\d|1\d\d) ms\)/),
    });
  });

  it('handles a second failure while the new frame is still opening, and shuts down cleanly then', async () => {
    const { host, frames, behaviour } = await startHost();
    const rebuilt = vi.fn();
    host.onRebuild(rebuilt);
    behaviour.ready = false;
    frames[0]?.post({ type: 'gibberish' });
    await settle();
    expect(frames).toHaveLength(2);
    frames[1]?.post({ type: 'gibberish' });
    await settle();
    expect([host.rebuilds, rebuilt.mock.calls.length]).toEqual([2, 2]);
    expect(() => host.destroy()).not.toThrow();
    // Nothing after the shutdown counts as a failure of the (gone) frame.
    frames[1]?.post({ type: 'gibberish' });
    await settle();
    expect(host.rebuilds).toBe(2);
  });

  it('blames no silence on a frame that is still opening, and watches the new one once it is there', async () => {
    const { host, frames, behaviour } = await startHost();
    useFakeTime();
    void host.whileBusy(() => new Promise(() => undefined));
    behaviour.ready = false;
    frames[0]?.post({ type: 'gibberish' });
    await settle();
    // Pinging no frame at all: before the fix each unanswered "ping" counted as one more rebuild.
    await advance(500);
    expect(host.rebuilds).toBe(1);
    frames[1]?.post({ type: 'frame-ready' });
    await settle();
    await advance(200);
    expect(pings(frames[1]?.received ?? [])).toBeGreaterThan(0);
    expect(host.rebuilds).toBe(1);
  });

  it('leaves no timer behind once shut down, though the stops of its workers were never confirmed', async () => {
    const { host } = await startHost({ confirmStops: false });
    await host.startWorker('code');
    useFakeTime();
    host.destroy();
    // Past the grace period: the stop timer has fired and found its frame gone, so it started no watch.
    await advance(100);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops a frame that finishes opening after the shutdown, and fails what waited for it', async () => {
    const { host, frames, behaviour } = await startHost();
    behaviour.ready = false;
    frames[0]?.post({ type: 'gibberish' });
    await settle();
    const starting = host.startWorker('code');
    host.destroy();
    frames[1]?.post({ type: 'frame-ready' });
    await expect(starting).rejects.toThrow(/^The sandbox was shut down$/);
    await settle();
    expect(frames[1]?.received).toEqual([]);
  });

  it('ignores an error for a worker that is already gone', async () => {
    const { host, frames } = await startHost();
    const session = await host.startWorker('code');
    session.terminate();
    frames[0]?.post({ type: 'worker-error', workerId: session.workerId, message: 'late', line: 1, column: 1 });
    await settle();
    expect(host.rebuilds).toBe(0);
    expect((await host.startWorker('code')).end).toBeUndefined();
  });
});

describe('SandboxHost watch on unconfirmed stops', () => {
  it('does not watch a frame that confirmed the stop', async () => {
    const { host, frames, behaviour } = await startHost();
    const session = await host.startWorker('code');
    useFakeTime();
    session.terminate();
    await settle();
    behaviour.pong = false;
    await advance(500);
    expect(pings(frames[0]?.received ?? [])).toBe(0);
    expect(host.rebuilds).toBe(0);
  });

  it('watches a frame that did not confirm a stop for three grace periods after the first, then stops pinging', async () => {
    const { host, frames } = await startHost({ confirmStops: false });
    const session = await host.startWorker('code');
    useFakeTime();
    session.terminate();
    await advance(70);
    expect(pings(frames[0]?.received ?? [])).toBe(0);
    await advance(100);
    expect(pings(frames[0]?.received ?? [])).toBeGreaterThan(0);
    await advance(300);
    const watched = pings(frames[0]?.received ?? []);
    await advance(300);
    expect(pings(frames[0]?.received ?? [])).toBe(watched);
    expect(host.rebuilds).toBe(0);
  });
});
