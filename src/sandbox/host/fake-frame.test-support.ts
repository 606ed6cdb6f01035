import { vi } from 'vitest';
import type { FrameToHostMessage, HostToFrameMessage } from '../protocol/frame-messages.ts';
import { SandboxHost, type SandboxHostOptions } from './sandbox-host.ts';
import { startHarness, syntaxErrorOf } from './in-process-host.test-support.ts';

// Test support (not shipped, not mutated): plays the sandbox iframe for SandboxHost in jsdom. The
// container given to the host receives the iframe; this fake answers its `load` by taking the port the
// host hands over, then speaks the frame protocol: frame-ready, pong, start-worker (a warm worker runs
// the real harness in this process, as in in-process-host.test-support.ts; a cold one only reports whether its
// script parses), worker-assigned, terminate-worker. configure-pool is recorded and otherwise ignored.

export interface FakeFrame {
  iframe: HTMLIFrameElement;
  /** What the host sent, in order. */
  received: HostToFrameMessage[];
  post(message: FrameToHostMessage | Record<string, unknown>): void;
  /** Worker ports by worker id, while they run. */
  workers: Map<string, MessagePort>;
}

export interface FakeFrameBehaviour {
  /** Send frame-ready once connected. Default true. */
  ready?: boolean;
  /** Answer pings. Default true; a test turns it off to play a frozen iframe. */
  pong?: boolean;
  /** Confirm terminate-worker. Default true. */
  confirmStops?: boolean;
}

export interface FakeFrames {
  container: HTMLElement;
  frames: FakeFrame[];
  behaviour: FakeFrameBehaviour;
}

export function fakeFrames(behaviour: FakeFrameBehaviour = {}): FakeFrames {
  const frames: FakeFrame[] = [];
  const container = {
    appendChild(iframe: HTMLIFrameElement) {
      const frame: FakeFrame = { iframe, received: [], workers: new Map(), post: () => undefined };
      frames.push(frame);
      Object.defineProperty(iframe, 'contentWindow', {
        configurable: true,
        value: {
          postMessage: (data: { type?: string }, _origin: string, transfer: MessagePort[]) => {
            const port = transfer[0];
            if (data.type !== 'toolscope-sandbox-init' || !port) return;
            connect(frame, port, behaviour);
          },
        },
      });
      iframe.dispatchEvent(new Event('load'));
      return iframe;
    },
  } as unknown as HTMLElement;
  return { container, frames, behaviour };
}

function connect(frame: FakeFrame, port: MessagePort, behaviour: FakeFrameBehaviour): void {
  frame.post = (message) => port.postMessage(message);
  port.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as HostToFrameMessage;
    frame.received.push(message);
    switch (message.type) {
      case 'ping':
        if (behaviour.pong !== false) frame.post({ type: 'pong', pingId: message.pingId });
        return;
      case 'start-worker': {
        frame.workers.set(message.workerId, message.port);
        frame.post({ type: 'worker-assigned', workerId: message.workerId, warm: message.moduleScript === undefined });
        if (message.moduleScript === undefined) return startHarness(message.port, message.role);
        // A cold worker runs its whole script; the host starts one only to locate a syntax error.
        const error = syntaxErrorOf(message.moduleScript);
        if (error) frame.post({ type: 'worker-error', workerId: message.workerId, ...error });
        else message.port.postMessage({ type: 'loaded' });
        return;
      }
      case 'terminate-worker':
        frame.workers.get(message.workerId)?.close();
        frame.workers.delete(message.workerId);
        if (behaviour.confirmStops !== false) frame.post({ type: 'worker-terminated', workerId: message.workerId });
        return;
    }
  });
  port.start();
  if (behaviour.ready !== false) frame.post({ type: 'frame-ready' });
}

/** Lets messages between host and fake frame through: a few turns of the event loop, which no fake timer moves. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Fake timers for the host's timing (heartbeat interval, stop watch, grace) and its clock
 * (performance.now); port messages stay real. Use `advance` to move time.
 */
export function useFakeTime(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
}

/** Moves fake time in steps of 10 ms, letting messages (pings and pongs) through at each step. */
export async function advance(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 10) {
    vi.advanceTimersByTime(10);
    await settle();
  }
}

/** A SandboxHost over fake frames, with an 80 ms grace unless told otherwise; pushed onto `started` for the test to destroy. */
export async function startFakeHost(started: SandboxHost[], behaviour: FakeFrameBehaviour = {}, options: Partial<SandboxHostOptions> = {}) {
  const frames = fakeFrames(behaviour);
  const host = await SandboxHost.create({ container: frames.container, fetchAllowlist: () => [], graceMs: 80, ...options });
  started.push(host);
  return { host, ...frames };
}
