// The events of each SSE stream, kept so a client that lost a stream can resume it (SEP-1699): with an
// event store the SDK's server transport sends a priming event (an id, and `retry` when set) first on
// every stream, and replays what the client missed when it reconnects with Last-Event-ID. In memory and
// bounded: a session is short, and a client that comes back late gets a fresh stream. Shipped in an
// exported MCP project (serve-mcp-http.ts); the sample server and the bridge use it too.
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

interface StoredEvent {
  id: string;
  message: JSONRPCMessage;
}

const maxEventsPerStream = 200;
const maxStreams = 500;

export class BoundedEventStore implements EventStore {
  private readonly streams = new Map<string, StoredEvent[]>();
  /** The stream of each request, learnt from its progress and its answer. */
  private readonly streamOfRequest = new Map<string | number, string>();
  private counter = 0;

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}~${++this.counter}`;
    const fields = message as { id?: string | number; params?: { progressToken?: string | number } };
    const request = fields.id ?? fields.params?.progressToken;
    if (request !== undefined) this.streamOfRequest.set(request, streamId);
    if (this.streamOfRequest.size > maxStreams) this.streamOfRequest.delete(this.streamOfRequest.keys().next().value!);
    let events = this.streams.get(streamId);
    if (!events) {
      events = [];
      this.streams.set(streamId, events);
      const oldest = this.streams.keys().next().value;
      if (this.streams.size > maxStreams && oldest !== undefined) this.streams.delete(oldest);
    }
    events.push({ id, message });
    if (events.length > maxEventsPerStream) events.shift();
    return Promise.resolve(id);
  }

  /** A server that lost a call: its stream cannot be resumed (a reconnect gets HTTP 400). */
  forgetRequest(requestId: string | number): void {
    const streamId = this.streamOfRequest.get(requestId);
    if (streamId !== undefined) this.streams.delete(streamId);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const streamId = streamOf(eventId);
    return Promise.resolve(streamId && this.streams.has(streamId) ? streamId : undefined);
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }) {
    const streamId = streamOf(lastEventId) ?? '';
    const events = this.streams.get(streamId) ?? [];
    const start = events.findIndex((event) => event.id === lastEventId);
    // Priming events carry no message ({}): nothing to send for them.
    for (const event of events.slice(start + 1)) if ('jsonrpc' in event.message) await send(event.id, event.message);
    return streamId;
  }
}

function streamOf(eventId: string): string | undefined {
  const at = eventId.lastIndexOf('~');
  return at > 0 ? eventId.slice(0, at) : undefined;
}
