// A body is read by what it is, not by what was asked for: a server or proxy may ignore `stream: true`
// and answer plain JSON (issue 12), or stream when asked not to, and a wrong base URL often answers an
// HTML page with status 200. The Content-Type decides; without a usable one the first bytes do.
import { formOfContentType, formOfFirstCharacter, webPageError } from './body-form.ts';
import type { Endpoint } from './http.ts';
import { abortReasonOf, connectionLost, invalidResponse } from './http.ts';
import type { GenerateResult, StreamDelta } from './model-types.ts';
import { parseJsonWithin } from '../core/index.ts';

export interface AnswerReaders {
  stream(body: ReadableStream<Uint8Array>): Promise<GenerateResult>;
  json(value: unknown): GenerateResult;
}

/**
 * Reads a successful response as a stream or as JSON, whichever it is. A JSON answer to a streaming
 * request is replayed to `onDelta` as deltas, so whoever shows the answer live still sees it.
 */
export async function readAnswer(
  response: Response,
  endpoint: Endpoint,
  readers: AnswerReaders,
  onDelta?: (delta: StreamDelta) => void,
  signal?: AbortSignal,
): Promise<GenerateResult> {
  if (!response.body) throw invalidResponse(endpoint, 'the response has no body');
  let body: ReadableStream<Uint8Array> = response.body;
  let form = formOfContentType(response.headers.get('content-type'));
  if (form === undefined) {
    const peeked = await peekFirstCharacter(body, endpoint, signal);
    body = peeked.body;
    if (peeked.character === undefined) throw invalidResponse(endpoint, 'the body is empty');
    form = formOfFirstCharacter(peeked.character);
  }
  if (form === 'web-page') {
    await body.cancel().catch(() => undefined);
    throw webPageError(endpoint, response.status);
  }
  if (form === 'event-stream') return readers.stream(body);
  const result = readers.json(await readJsonBody(body, endpoint, signal));
  if (onDelta) replayAsDeltas(result, onDelta);
  return result;
}

function replayAsDeltas(result: GenerateResult, onDelta: (delta: StreamDelta) => void): void {
  if (result.content !== '') onDelta({ type: 'text', text: result.content });
  result.toolCalls.forEach((call, index) => {
    onDelta({ type: 'tool-call-start', index, id: call.id, name: call.name });
    if (call.arguments !== '') onDelta({ type: 'tool-call-arguments', index, id: call.id, argumentsDelta: call.arguments });
  });
}

async function readJsonBody(body: ReadableStream<Uint8Array>, endpoint: Endpoint, signal?: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await new Response(body).text();
  } catch (error) {
    if (signal?.aborted) throw abortReasonOf(signal);
    throw connectionLost(endpoint, error);
  }
  // Bounded: a 5,000-deep tool input overflowed the stack when the adapter wrote it back out (issue 28).
  const parsed = parseJsonWithin(text);
  if (parsed.ok) return parsed.value;
  throw invalidResponse(endpoint, parsed.tooDeep ? parsed.message : `the body is not JSON ("${text.slice(0, 120)}")`);
}

/**
 * Reads just enough of the body to see its first non-blank character, and hands back a body that
 * still starts at the beginning, so a stream stays a stream (deltas and aborts keep working).
 */
async function peekFirstCharacter(
  body: ReadableStream<Uint8Array>,
  endpoint: Endpoint,
  signal?: AbortSignal,
): Promise<{ body: ReadableStream<Uint8Array>; character: string | undefined }> {
  const reader = body.getReader();
  const seen: Uint8Array[] = [];
  const decoder = new TextDecoder();
  let character: string | undefined;
  let done = false;
  try {
    while (character === undefined && !done) {
      const next = await reader.read();
      done = next.done;
      // Stryker disable next-line ConditionalExpression: only the last read has no value; an undefined chunk decodes to '' and is skipped when replayed.
      if (next.value) {
        seen.push(next.value);
        character = decoder.decode(next.value, { stream: true }).trimStart().charAt(0) || undefined;
      }
    }
  } catch (error) {
    if (signal?.aborted) throw abortReasonOf(signal);
    throw connectionLost(endpoint, error);
  }
  const replayed = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = seen.shift();
      if (first) return controller.enqueue(first);
      // Stryker disable next-line ConditionalExpression: reading a finished reader again answers done, which closes just the same.
      if (done) return controller.close();
      try {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { body: replayed, character };
}
