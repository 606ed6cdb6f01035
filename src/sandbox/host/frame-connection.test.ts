// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrameToHostMessage, HostToFrameMessage } from '../protocol/frame-messages.ts';
import { FrameConnection, type FrameConnectionOptions } from './frame-connection.ts';

/**
 * A container in the document whose iframe "loads" as soon as it is appended, with a contentWindow that
 * records the init messages and hands the transferred port to the test, which plays the frame on it.
 */
function frameContainer() {
  const container = document.createElement('div');
  document.body.append(container);
  const inits: { data: unknown; targetOrigin: string }[] = [];
  let framePort: MessagePort | undefined;
  const appendChild = container.appendChild.bind(container);
  container.appendChild = <Child extends Node>(child: Child): Child => {
    appendChild(child);
    const iframe = child as unknown as HTMLIFrameElement;
    Object.defineProperty(iframe, 'contentWindow', {
      configurable: true,
      value: {
        postMessage: (data: unknown, targetOrigin: string, transfer: MessagePort[]) => {
          inits.push({ data, targetOrigin });
          framePort = transfer[0];
        },
      },
    });
    iframe.dispatchEvent(new Event('load'));
    return child;
  };
  return {
    container,
    inits,
    /** The frame's end of the port; what it receives, in order. */
    frame: () => {
      const port = framePort as MessagePort;
      const received: HostToFrameMessage[] = [];
      port.onmessage = (event: MessageEvent<HostToFrameMessage>) => received.push(event.data);
      return { port, received };
    },
  };
}

const opened: FrameConnection[] = [];
afterEach(() => {
  for (const connection of opened.splice(0)) connection.destroy();
  document.body.replaceChildren();
});

async function openFrame(options: Partial<FrameConnectionOptions> = {}) {
  const place = frameContainer();
  const messages: FrameToHostMessage[] = [];
  const problems: string[] = [];
  const opening = FrameConnection.open({
    container: place.container,
    sandboxUrl: '/sandbox.html',
    frameSource: 'FRAME SCRIPT',
    readyTimeoutMs: 5_000,
    onMessage: (message) => messages.push(message),
    onInvalidMessage: (problem) => problems.push(problem),
    ...options,
  });
  const frame = place.frame();
  frame.port.postMessage({ type: 'frame-ready' });
  const connection = await opening;
  opened.push(connection);
  return { ...place, connection, frame, messages, problems };
}

describe('FrameConnection', () => {
  it('hides the iframe, and hands the frame script and its port over once, to any origin (an opaque one has no name)', async () => {
    const { container, inits } = await openFrame();
    const iframe = container.querySelector('iframe') as HTMLIFrameElement;
    expect([iframe.style.position, iframe.style.width, iframe.style.height, iframe.style.visibility]).toEqual([
      'absolute',
      '0px',
      '0px',
      'hidden',
    ]);
    expect(inits).toEqual([{ data: { type: 'toolscope-sandbox-init', frameSource: 'FRAME SCRIPT' }, targetOrigin: '*' }]);
    // A second load (the frame navigated) must not try to hand over the port it no longer has.
    iframe.dispatchEvent(new Event('load'));
    expect(inits).toHaveLength(1);
  });

  it('sends a warm start-worker without a moduleScript key, and a cold one with its module script', async () => {
    const { connection, frame } = await openFrame();
    connection.startWorker('w1', 'code', new MessageChannel().port1, undefined);
    connection.startWorker('w2', 'code', new MessageChannel().port1, 'SCRIPT');
    await vi.waitFor(() => expect(frame.received).toHaveLength(2));
    expect('moduleScript' in (frame.received[0] as object)).toBe(false);
    expect(frame.received[1]).toMatchObject({ type: 'start-worker', workerId: 'w2', moduleScript: 'SCRIPT' });
  });

  it('passes frame messages on, reports anything else as invalid, and keeps frame-ready to itself', async () => {
    const { frame, messages, problems } = await openFrame();
    frame.port.postMessage({ type: 'pong', pingId: 3 });
    frame.port.postMessage({ type: 'pong', pingId: 'three' });
    frame.port.postMessage({ type: 'frame-ready' });
    frame.port.postMessage({ type: 'worker-terminated', workerId: 'w1' });
    await vi.waitFor(() => expect(messages).toHaveLength(2));
    expect(messages).toEqual([
      { type: 'pong', pingId: 3 },
      { type: 'worker-terminated', workerId: 'w1' },
    ]);
    expect(problems).toHaveLength(1);
  });

  it('is destroyed once: the iframe leaves the page and nothing more is sent', async () => {
    const { connection, container, frame } = await openFrame();
    expect(connection.isDestroyed).toBe(false);
    connection.destroy();
    connection.destroy();
    expect(connection.isDestroyed).toBe(true);
    expect(container.querySelector('iframe')).toBeNull();
    connection.ping(1);
    frame.port.postMessage({ type: 'pong', pingId: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(frame.received).toEqual([]);
  });
});
