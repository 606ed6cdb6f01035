// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxHost, type SandboxHostOptions } from './sandbox-host.ts';
import { advance, fakeFrames, settle, startFakeHost, useFakeTime, type FakeFrameBehaviour } from './fake-frame.test-support.ts';
import { SessionEndedError } from './worker-session.ts';

const schemaSource = "import { z } from 'zod';\nexport default z.object({ city: z.string() });\n";
const hosts: SandboxHost[] = [];

beforeAll(() => {
  // The frame script and harness bundles: empty here, the fake frame runs the harness itself.
  vi.stubGlobal('fetch', async () => new Response(''));
});

afterEach(() => {
  vi.useRealTimers();
  for (const host of hosts.splice(0)) host.destroy();
});

// Test files share one module graph and globals (isolate: false): a fetch left stubbed here answered the
// MCP HTTP tests that ran next in the same worker with text/plain.
afterAll(() => vi.unstubAllGlobals());

const startHost = (behaviour: FakeFrameBehaviour = {}, options: Partial<SandboxHostOptions> = {}) =>
  startFakeHost(hosts, behaviour, options);

describe('SandboxHost', () => {
  it('opens one hidden, script-only iframe and hands it the frame script over the port', async () => {
    const { host, frames } = await startHost({}, { sandboxUrl: '/custom/sandbox.html' });
    expect(frames).toHaveLength(1);
    const iframe = frames[0]!.iframe;
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts');
    expect([iframe.getAttribute('aria-hidden'), iframe.getAttribute('tabindex'), iframe.getAttribute('referrerpolicy')]).toEqual([
      'true',
      '-1',
      'no-referrer',
    ]);
    expect(iframe.title).toBe('Toolscope sandbox');
    expect(iframe.getAttribute('src')).toBe('/custom/sandbox.html');
    expect(host.rebuilds).toBe(0);
  });

  it('compiles a schema through the frame: the worker starts there and is stopped there, with confirmation', async () => {
    const { host, frames, behaviour } = await startHost();
    const compiled = await host.compileSchema(schemaSource);
    expect(compiled).toMatchObject({ ok: true, jsonSchema: { type: 'object', required: ['city'] } });
    const types = () => frames[0]!.received.map((message) => message.type).filter((type) => type !== 'ping');
    await vi.waitFor(() => expect(types()).toEqual(['configure-pool', 'start-worker', 'terminate-worker']));
    expect(frames[0]!.received.find((message) => message.type === 'start-worker')).toMatchObject({ role: 'compile' });
    expect(host.stats).toEqual({ warmWorkers: 1, coldWorkers: 0 });
    const checked = await host.checkCode('export default async function execute() {\n  return 1;\n}\n');
    expect(checked.ok).toBe(true);
    // Stops were confirmed: nothing made the host watch or rebuild the frame, even a frame that stops answering now.
    await settle();
    useFakeTime();
    behaviour.pong = false;
    await advance(500);
    expect(host.rebuilds).toBe(0);
  });

  it('hands the pool its harness and zod, each in a function of its own, with the pool size', async () => {
    const { frames } = await startHost({}, { poolSize: 5 });
    await vi.waitFor(() =>
      expect(frames[0]!.received.find((message) => message.type === 'configure-pool')).toEqual({
        type: 'configure-pool',
        harnessSource: ';(function () {\n\n})();\n',
        zodSource: ';(function () {\n\n})();\n',
        size: 5,
      }),
    );
  });

  it('locates a syntax error only the worker finds with a cold worker of the frame, counted apart', async () => {
    const { host, frames } = await startHost();
    const checked = await host.checkCode('let a = 1;\nlet a = 2;\nexport default () => a;\n');
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.errors[0]).toMatchObject({ line: 2, message: expect.stringMatching(/^SyntaxError: .*'a' has already been declared/) });
    const starts = frames[0]!.received.filter((message) => message.type === 'start-worker');
    expect(starts.map((message) => [message.role, message.moduleScript === undefined])).toEqual([
      ['compile', true],
      ['code', false],
    ]);
    expect(host.stats).toEqual({ warmWorkers: 1, coldWorkers: 1 });
  });

  it('gives workers ids of their own and fails a session when the frame reports its worker error', async () => {
    const { host, frames } = await startHost();
    const first = await host.startWorker('code');
    const second = await host.startWorker('code');
    expect([first.workerId, second.workerId]).toEqual(['w1', 'w2']);
    const ended = first.waitFor(() => undefined);
    frames[0]!.post({ type: 'worker-error', workerId: 'w1', message: 'Uncaught SyntaxError', line: 3, column: 4 });
    await expect(ended).rejects.toEqual(
      new SessionEndedError({ kind: 'worker-error', message: 'Uncaught SyntaxError', line: 3, column: 4 }),
    );
    expect(second.end).toBeUndefined();
    second.terminate();
  });

  it('rebuilds a frame that sends something invalid: running work fails, listeners hear of it, a new frame opens', async () => {
    const { host, frames } = await startHost();
    const rebuilt = vi.fn();
    const unsubscribe = host.onRebuild(rebuilt);
    const session = await host.startWorker('code');
    const ended = session.waitFor(() => undefined);
    frames[0]!.post({ type: 'gibberish' });
    const failure = (await ended.catch((error: unknown) => error)) as SessionEndedError;
    expect(failure.end.kind).toBe('crashed');
    expect(failure.message).toMatch(
      /^The sandbox stopped responding \(it sent an invalid message: [\s\S]+\), probably because a tool used too much memory; it has been restarted$/,
    );
    expect([host.rebuilds, rebuilt.mock.calls.length]).toEqual([1, 1]);
    await vi.waitFor(() => expect(frames).toHaveLength(2));
    expect(frames[0]!.iframe.isConnected).toBe(false);
    unsubscribe();
    frames[1]!.post({ type: 'frame-protocol-error', message: 'bad start-worker' });
    await vi.waitFor(() => expect([host.rebuilds, rebuilt.mock.calls.length, frames.length]).toEqual([2, 1, 3]));
    expect((await host.compileSchema(schemaSource)).ok).toBe(true);
  });

  it('rebuilds a frame that stops answering pings while work is in flight, and only then', async () => {
    const { host, frames, behaviour } = await startHost();
    behaviour.pong = false;
    useFakeTime();
    // Idle: nobody pings, nothing is rebuilt.
    await advance(300);
    expect(host.rebuilds).toBe(0);
    let finish: (value: string) => void = () => undefined;
    const waited = host.whileBusy(() => new Promise<string>((resolve) => (finish = resolve)));
    // The grace is 80 ms, pings go every 20 ms: the first unanswered one is judged 100 ms after it was sent.
    await advance(150);
    expect(host.rebuilds).toBe(1);
    finish('done');
    await expect(waited).resolves.toBe('done');
    expect(frames).toHaveLength(2);
  });

  it('watches a frame that does not confirm a stop, and rebuilds it if it is silent too', async () => {
    const { host, behaviour } = await startHost({ confirmStops: false });
    const session = await host.startWorker('code');
    behaviour.pong = false;
    // The new frame answers again.
    host.onRebuild(() => (behaviour.pong = true));
    useFakeTime();
    session.terminate();
    await advance(400);
    expect(host.rebuilds).toBe(1);
  });

  it('does not rebuild a frame that confirms nothing but still answers pings', async () => {
    const { host } = await startHost({ confirmStops: false });
    const session = await host.startWorker('code');
    useFakeTime();
    session.terminate();
    await advance(400);
    expect(host.rebuilds).toBe(0);
  });

  it('fails to start when the frame never says it is ready, naming the limit and the URL', async () => {
    const frames = fakeFrames({ ready: false });
    await expect(
      SandboxHost.create({ container: frames.container, fetchAllowlist: () => [], frameStartTimeoutMs: 30, sandboxUrl: '/sb.html' }),
    ).rejects.toThrow(/^The sandbox frame did not start within 30 ms \(\/sb\.html\)$/);
    expect(frames.frames[0]!.iframe.isConnected).toBe(false);
  });

  it('shuts down for good: running work fails, nothing new starts, and destroy can be called twice', async () => {
    const { host, frames } = await startHost();
    const session = await host.startWorker('code');
    const ended = session.waitFor(() => undefined);
    host.destroy();
    host.destroy();
    await expect(ended).rejects.toThrow('the sandbox was shut down');
    await expect(host.startWorker('code')).rejects.toThrow('The sandbox was shut down');
    expect(frames).toHaveLength(1);
    expect(host.rebuilds).toBe(0);
  });
});
