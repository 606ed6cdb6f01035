import { describe, expect, it } from 'vitest';
import { ConnectionSlots } from './connection-slots.ts';
import { TrackedFetch, type RequestId, type StreamEnd } from './tracked-fetch.ts';

/** A base fetch that answers each POST with an event stream the test ends by hand, and keeps the signals. */
function fakeServer() {
  const signals: AbortSignal[] = [];
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const base = async (_input: RequestInfo | URL, init?: RequestInit) => {
    signals.push(init!.signal!);
    const body = JSON.parse(String(init?.body)) as { method?: string };
    if (body.method === 'notifications/cancelled') return new Response(null, { status: 202 });
    const stream = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
    init!.signal!.addEventListener('abort', () => streams.at(-1)?.error(init!.signal!.reason));
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream', 'retry-after': '2' } });
  };
  return { base: base as typeof fetch, signals, streams };
}

const post = (message: object) => ({ method: 'POST', body: JSON.stringify(message) });

async function drain(response: Response) {
  const reader = response.body!.getReader();
  try {
    while (!(await reader.read()).done);
  } catch {
    // A broken stream ends the read as the SDK's would.
  }
}

describe('TrackedFetch', () => {
  it('says a call waits for a connection while the others hold every one, until a finished or abandoned stream frees one', async () => {
    const server = fakeServer();
    const said: string[] = [];
    const tracked = new TrackedFetch(
      server.base,
      () => {},
      new ConnectionSlots(2),
      (ids) => {
        said.push(`${ids.join()} waits`);
        return () => said.push(`${ids.join()} has a connection`);
      },
    );
    const call = (id: number) => tracked.fetch('http://mcp.test/mcp', post({ jsonrpc: '2.0', id, method: 'tools/call', params: {} }));
    const first = await call(1);
    const second = await call(2);
    await call(3);
    await call(4);
    expect(said).toEqual(['3 waits', '4 waits']);
    // 1's answer is over (the server closed its stream): 3 has its connection.
    const reading = drain(first);
    server.streams[0]?.close();
    await reading;
    expect(said).toEqual(['3 waits', '4 waits', '3 has a connection']);
    // The SDK gives up on 2's stream (a cancelled call): 4 has its connection.
    await second.body?.cancel();
    expect(said).toEqual(['3 waits', '4 waits', '3 has a connection', '4 has a connection']);
  });

  it('ends the HTTP response of a request once its cancellation is sent, and does not call that a drop', async () => {
    const server = fakeServer();
    const ends: [RequestId[], StreamEnd][] = [];
    const tracked = new TrackedFetch(server.base, (ids, how) => ends.push([ids, how]));
    const response = await tracked.fetch('http://mcp.test/mcp', post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} }));
    const reading = drain(response);
    expect(server.signals[0]!.aborted).toBe(false);
    await tracked.fetch('http://mcp.test/mcp', post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }));
    expect(server.signals[0]!.aborted).toBe(true);
    await reading;
    expect(ends).toEqual([]);
  });

  it('reports a response stream that ended without being cancelled, with the request ids it carried', async () => {
    const server = fakeServer();
    const ends: [RequestId[], StreamEnd][] = [];
    const tracked = new TrackedFetch(server.base, (ids, how) => ends.push([ids, how]));
    const response = await tracked.fetch('http://mcp.test/mcp', post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: {} }));
    expect(tracked.factsOf(3)).toEqual({ status: 200, contentType: 'text/event-stream', retryAfter: '2' });
    const reading = drain(response);
    server.streams[0]!.close();
    await reading;
    expect(ends).toEqual([[[3], 'closed']]);
  });

  it('leaves the transport signal alone: its abort still reaches every request', async () => {
    const server = fakeServer();
    const tracked = new TrackedFetch(server.base, () => {});
    const transport = new AbortController();
    await tracked.fetch('http://mcp.test/mcp', { ...post({ jsonrpc: '2.0', id: 1, method: 'tools/call' }), signal: transport.signal });
    transport.abort(new Error('closed'));
    expect(server.signals[0]!.aborted).toBe(true);
  });

  it('tells a resumable stream (one with an event id) from one that just closed, and sends no reconnect for a cancelled call', async () => {
    const server = fakeServer();
    const ends: [RequestId[], StreamEnd][] = [];
    const tracked = new TrackedFetch(server.base, (ids, how) => ends.push([ids, how]));
    const bytes = (text: string) => new TextEncoder().encode(text);
    const first = await tracked.fetch('http://mcp.test/mcp', post({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: {} }));
    const reading = drain(first);
    server.streams[0]!.enqueue(bytes('id: ev'));
    server.streams[0]!.enqueue(bytes('-1\nretry: 500\ndata: \n\n'));
    server.streams[0]!.close();
    await reading;
    expect(ends).toEqual([[[4], 'resumable']]);
    // The call is cancelled before the SDK reconnects: the reconnect never reaches the server.
    tracked.abortRequest(4);
    const reconnect = await tracked.fetch('http://mcp.test/mcp', { method: 'GET', headers: { 'last-event-id': 'ev-1' } });
    expect(reconnect.status).toBe(405);
    expect(server.signals).toHaveLength(1);
  });
});
