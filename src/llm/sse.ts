// Server-sent events, parsed per the WHATWG rules we need: lines end in LF, CRLF or CR; `data:` lines
// of one event are joined with LF; a blank line dispatches; `:` lines are comments. Network chunks split
// anywhere (inside a line, inside a multi-byte character), so bytes are decoded in streaming mode and
// only complete lines are interpreted.

export interface ServerSentEvent {
  /** The `event:` field; `message` when absent, as the spec says. */
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    const events: ServerSentEvent[] = [];
    for (;;) {
      const match = /\r\n|\n|\r/.exec(this.buffer);
      if (!match) break;
      // A lone CR at the very end may be the first half of CRLF split across chunks: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** The stream ended: an event without its closing blank line still counts. */
  finish(): ServerSentEvent[] {
    const events = this.buffer === '' ? [] : this.push('\n');
    const last = this.line('');
    if (last) events.push(last);
    this.buffer = '';
    return events;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') {
      if (this.dataLines.length === 0) {
        this.eventName = '';
        return undefined;
      }
      const event = { event: this.eventName || 'message', data: this.dataLines.join('\n') };
      this.eventName = '';
      this.dataLines = [];
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventName = value;
    return undefined;
  }
}

/** Reads a response body as server-sent events. */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.push(decoder.decode());
    yield* parser.finish();
  } finally {
    // A consumer that stops early (an error event, an abort) must not leave the connection open.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
