// Server-sent events, for both provider streams. The line rules (LF, CRLF or CR; `data:` lines of one
// event joined with LF; a blank line dispatches; `:` comments; chunks split anywhere) are
// eventsource-parser's, a small library that follows the WHATWG spec; bytes are decoded in streaming
// mode so a multi-byte character split across network chunks survives.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Endpoint } from './http.ts';
import { abortReasonOf, connectionLost, invalidResponse } from './http.ts';
import { ProviderError } from './provider-error.ts';
import { parseJsonWithin } from '../core/index.ts';

export interface ServerSentEvent {
  /** The `event:` field; `message` when absent, as the spec says. */
  event: string;
  data: string;
}

/** Reads a response body as server-sent events. An event without its closing blank line still counts. */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => pending.push({ event: message.event || 'message', data: message.data }),
  });
  const drain = (): ServerSentEvent[] => {
    const events = pending;
    pending = [];
    return events;
  };
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      yield* drain();
    }
    // Stryker disable next-line BooleanLiteral: cancelling a body read to its end does nothing (the stream is closed); the flag only skips the call.
    finished = true;
    // The spec drops an event the stream ended inside; servers that omit the last blank line still
    // mean it (`data: [DONE]` with no newline), so the end of the body closes the line and the event.
    parser.feed(`${decoder.decode()}\n\n`);
    yield* drain();
  } finally {
    // A consumer that stops early (an error event, an abort) must not leave the connection open.
    // Stryker disable next-line ConditionalExpression: as above, cancelling a closed body does nothing.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * The loop both provider streams share: each event's data is JSON handed to `onPayload`, which returns
 * true once the stream said it is over (OpenAI's `data: [DONE]`, not JSON, also ends it). A broken connection becomes a `network` ProviderError, an abort
 * rejects with the signal's reason, and a ProviderError thrown by `onPayload` passes through.
 */
export async function readJsonEvents(
  body: ReadableStream<Uint8Array>,
  endpoint: Endpoint,
  onPayload: (payload: unknown, event: ServerSentEvent) => boolean | void,
  signal?: AbortSignal,
): Promise<void> {
  try {
    for await (const event of readServerSentEvents(body)) {
      if (event.data === '[DONE]') return;
      const payload = parseJsonWithin(event.data);
      if (!payload.ok)
        throw invalidResponse(
          endpoint,
          payload.tooDeep ? `a stream event: ${payload.message}` : `a stream event is not JSON ("${event.data.slice(0, 80)}")`,
        );
      if (onPayload(payload.value, event) === true) return;
    }
  } catch (error) {
    if (signal?.aborted) throw abortReasonOf(signal);
    if (error instanceof ProviderError) throw error;
    throw connectionLost(endpoint, error);
  }
}
