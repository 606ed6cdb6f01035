import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyStream } from './fake-fetch.test-support.ts';
import type { ServerSentEvent } from './sse.ts';
import { readServerSentEvents } from './sse.ts';

async function collect(body: string, chunkSizes?: number[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(bodyStream(body, chunkSizes))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('handles event names, comments, multi-line data and all three line endings', async () => {
    const body = ': keep-alive\r\nevent: ping\r\ndata: {"type": "ping"}\r\n\r\ndata: line one\rdata: line two\r\rdata:no-space\n\n';
    expect(await collect(body)).toEqual([
      { event: 'ping', data: '{"type": "ping"}' },
      { event: 'message', data: 'line one\nline two' },
      { event: 'message', data: 'no-space' },
    ]);
  });

  it('dispatches a last event that lacks its blank line', async () => {
    expect(await collect('data: [DONE]')).toEqual([{ event: 'message', data: '[DONE]' }]);
  });

  it('gives the same events however the bytes are split, multi-byte characters included', async () => {
    const body = 'event: a\ndata: {"text":"68°F ☀️ 東京"}\r\n\r\ndata: x\n\n';
    const expected = await collect(body);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), async (sizes) => {
        expect(await collect(body, sizes)).toEqual(expected);
      }),
    );
  });

  it('waits for the LF after a CR that ends a chunk', async () => {
    // A CRLF split across two chunks is one line end, not a CR line end plus an empty (dispatching) line.
    expect(await collect('data: a\r\ndata: b\r\n\r\n', [8])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
