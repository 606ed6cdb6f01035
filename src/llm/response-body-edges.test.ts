import { describe, expect, it, vi } from 'vitest';
import { formOfContentType, formOfFirstCharacter, isWebPage, webPageError } from './body-form.ts';
import { bodyStream } from './fake-fetch.test-support.ts';
import type { Endpoint } from './http.ts';
import { ProviderError } from './provider-error.ts';
import { readAnswer, type AnswerReaders } from './response-body.ts';
import { readJsonEvents, readServerSentEvents } from './sse.ts';
import type { GenerateResult, StreamDelta } from './model-types.ts';

// Issue 20: the body-form dispatch and the shared SSE loop, case by case.
const endpoint: Endpoint = {
  provider: 'Proxy',
  url: 'http://user:pw@proxy.local/v1/chat/completions?key=k',
  headers: {},
  secrets: [],
  networkHint: '',
};
const result: GenerateResult = {
  content: 'Hi',
  toolCalls: [
    { id: 'a', name: 'first', arguments: '{"x":1}' },
    { id: 'b', name: 'second', arguments: '' },
  ],
  finishReason: 'tool_calls',
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
};

function readers(): AnswerReaders & { streamed: string[]; parsed: unknown[] } {
  const streamed: string[] = [];
  const parsed: unknown[] = [];
  return {
    streamed,
    parsed,
    stream: async (body) => {
      streamed.push(await new Response(body).text());
      return result;
    },
    json: (value) => {
      parsed.push(value);
      return result;
    },
  };
}

/** A body whose first chunk is blank, so the first character is in the second chunk. */
function response(body: string, headers: Record<string, string> = {}, chunkSizes?: number[]): Response {
  return new Response(bodyStream(body, chunkSizes), { headers });
}

describe('formOfContentType and formOfFirstCharacter', () => {
  it('knows event streams, JSON (with parameters, any case, +json types) and web pages; nothing else', () => {
    expect(formOfContentType('text/event-stream; charset=utf-8')).toBe('event-stream');
    expect(formOfContentType(' Application/JSON ')).toBe('json');
    expect(formOfContentType('application/problem+json')).toBe('json');
    expect(formOfContentType('text/html;charset=UTF-8')).toBe('web-page');
    expect(formOfContentType('application/xhtml+xml')).toBe('web-page');
    expect(formOfContentType('text/plain')).toBeUndefined();
    expect(formOfContentType('')).toBeUndefined();
    expect(formOfContentType(null)).toBeUndefined();
    expect(['{', '[', '<', 'd', ':', ''].map(formOfFirstCharacter)).toEqual([
      'json',
      'json',
      'web-page',
      'event-stream',
      'event-stream',
      'event-stream',
    ]);
  });

  it('recognises a page by its type, or without a known type by its first character', () => {
    expect(isWebPage('text/html', '{}')).toBe(true);
    expect(isWebPage('application/json', '<html>')).toBe(false);
    expect(isWebPage(null, '\n  <!doctype html>')).toBe(true);
    expect(isWebPage('text/plain', 'Not found')).toBe(false);
  });

  it('words the web-page error with the status unless it is 200, and shows the URL without credentials or query', () => {
    expect(webPageError(endpoint).message).toBe(
      'Proxy answered with a web page, not the model API: check the base URL (the request went to http://proxy.local/v1/chat/completions).',
    );
    expect(webPageError(endpoint, 200).message).toMatch(/^Proxy answered with a web page, not/);
    const notFound = webPageError(endpoint, 404);
    expect(notFound.message).toMatch(/^Proxy answered with a web page \(404\), not the model API/);
    expect([notFound.kind, notFound.status]).toEqual(['bad_request', 404]);
  });
});

describe('readAnswer', () => {
  it('streams by Content-Type without looking at the body first', async () => {
    const read = readers();
    await readAnswer(response('{"looks":"like json"}', { 'content-type': 'text/event-stream' }), endpoint, read);
    expect(read.streamed).toEqual(['{"looks":"like json"}']);
  });

  it('finds the first character past blank chunks, and hands on the whole body, first chunks included', async () => {
    const read = readers();
    await readAnswer(response('  \n\n data: {}\n\n', {}, [2, 3, 100]), endpoint, read);
    expect(read.streamed).toEqual(['  \n\n data: {}\n\n']);
    const json = readers();
    await readAnswer(response(' \n {"a":1}', {}, [1]), endpoint, json);
    expect(json.parsed).toEqual([{ a: 1 }]);
  });

  it('reads a JSON body that starts with a byte-order mark split across chunks as JSON', async () => {
    const json = readers();
    // The three bytes of U+FEFF arrive one by one: each decoded alone would be a replacement character.
    await readAnswer(response('\uFEFF{"a":1}', {}, [1, 1, 1, 100]), endpoint, json);
    expect(json.parsed).toEqual([{ a: 1 }]);
    expect(json.streamed).toEqual([]);
  });

  it('quotes at most 120 characters of a body that is not JSON', async () => {
    const body = `{"cut${'x'.repeat(200)}`;
    await expect(readAnswer(response(body, { 'content-type': 'application/json' }), endpoint, readers())).rejects.toThrow(
      `the body is not JSON ("${body.slice(0, 120)}").`,
    );
  });

  it('replays a JSON answer as deltas only when someone listens', async () => {
    const deltas: StreamDelta[] = [];
    await readAnswer(response('{}', { 'content-type': 'application/json' }), endpoint, readers(), (delta) => deltas.push(delta));
    expect(deltas).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'tool-call-start', index: 0, id: 'a', name: 'first' },
      { type: 'tool-call-arguments', index: 0, id: 'a', argumentsDelta: '{"x":1}' },
      { type: 'tool-call-start', index: 1, id: 'b', name: 'second' },
    ]);
    const silent = { ...result, content: '', toolCalls: [] };
    const none: StreamDelta[] = [];
    await readAnswer(response('{}', { 'content-type': 'application/json' }), endpoint, { ...readers(), json: () => silent }, (delta) =>
      none.push(delta),
    );
    expect(none).toEqual([]);
  });

  it('refuses a body that is missing, empty, blank, or JSON that does not parse', async () => {
    await expect(readAnswer(new Response(null), endpoint, readers())).rejects.toThrow(
      'Proxy sent a response Toolscope cannot read: the response has no body.',
    );
    await expect(readAnswer(response(''), endpoint, readers())).rejects.toThrow('cannot read: the body is empty.');
    await expect(readAnswer(response('   \n'), endpoint, readers())).rejects.toThrow('the body is empty');
    await expect(readAnswer(response('{"cut', { 'content-type': 'application/json' }), endpoint, readers())).rejects.toThrow(
      'Proxy sent a response Toolscope cannot read: the body is not JSON ("{"cut").',
    );
  });

  it('stops reading a web page and says to check the base URL', async () => {
    const cancel = vi.fn();
    const body = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new TextEncoder().encode('<html>')), cancel });
    await expect(readAnswer(new Response(body), endpoint, readers())).rejects.toThrow(/answered with a web page, not the model API/);
    expect(cancel).toHaveBeenCalled();
  });

  it('reports a connection that breaks while the body is peeked or read as JSON, and an abort as the abort', async () => {
    const broken = () =>
      new ReadableStream<Uint8Array>({
        start: (controller) => controller.error(new TypeError('network changed')),
      });
    await expect(readAnswer(new Response(broken()), endpoint, readers())).rejects.toThrow(
      'The connection to Proxy broke off mid-response (network changed). Try again.',
    );
    await expect(
      readAnswer(new Response(broken(), { headers: { 'content-type': 'application/json' } }), endpoint, readers()),
    ).rejects.toThrow(/broke off mid-response/);
    const controller = new AbortController();
    const reason = new DOMException('stopped', 'AbortError');
    controller.abort(reason);
    await expect(readAnswer(new Response(broken()), endpoint, readers(), undefined, controller.signal)).rejects.toBe(reason);
    await expect(
      readAnswer(
        new Response(broken(), { headers: { 'content-type': 'application/json' } }),
        endpoint,
        readers(),
        undefined,
        controller.signal,
      ),
    ).rejects.toBe(reason);
  });

  it('passes on an error of the body after the peek to the stream reader', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulls++;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('data: {}\n\n'));
        else controller.error(new TypeError('reset'));
      },
    });
    const failing: AnswerReaders = { ...readers(), stream: (stream) => new Response(stream).text().then(() => result) };
    await expect(readAnswer(new Response(body), endpoint, failing)).rejects.toThrow('reset');
  });
});

describe('readServerSentEvents and readJsonEvents', () => {
  it('cancels the body when the reader stops early, and not when it read to the end', async () => {
    const cancel = vi.fn();
    const chunks = ['data: 1\n\n', 'data: 2\n\n', 'data: 3\n\n'].map((text) => new TextEncoder().encode(text));
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => (chunks.length > 0 ? controller.enqueue(chunks.shift()!) : controller.close()),
      cancel,
    });
    for await (const event of readServerSentEvents(body)) if (event.data === '1') break;
    expect(cancel).toHaveBeenCalledTimes(1);
    const whole = vi.fn();
    const complete = new ReadableStream<Uint8Array>({
      start: (controller) => (controller.enqueue(new TextEncoder().encode('data: x')), controller.close()),
      cancel: whole,
    });
    const events = [];
    for await (const event of readServerSentEvents(complete)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'x' }]);
    expect(whole).not.toHaveBeenCalled();
  });

  it('hands each JSON event on until [DONE] or until the handler says it is over', async () => {
    const seen: unknown[] = [];
    await readJsonEvents(
      bodyStream('data: 1\n\nevent: named\ndata: {"a":2}\n\ndata: [DONE]\n\ndata: 3\n\n'),
      endpoint,
      (payload, event) => {
        seen.push([payload, event.event]);
      },
    );
    expect(seen).toEqual([
      [1, 'message'],
      [{ a: 2 }, 'named'],
    ]);
    const until: unknown[] = [];
    await readJsonEvents(bodyStream('data: 1\n\ndata: 2\n\ndata: 3\n\n'), endpoint, (payload) => {
      until.push(payload);
      return payload === 2;
    });
    expect(until).toEqual([1, 2]);
  });

  it('maps failures: not JSON, a ProviderError from the handler, a broken connection, an abort', async () => {
    await expect(readJsonEvents(bodyStream(`data: ${'x'.repeat(100)}\n\n`), endpoint, () => undefined)).rejects.toThrow(
      `Proxy sent a response Toolscope cannot read: a stream event is not JSON ("${'x'.repeat(80)}").`,
    );
    const own = new ProviderError({ kind: 'server', provider: 'Proxy', message: 'mid-stream' });
    await expect(
      readJsonEvents(bodyStream('data: 1\n\n'), endpoint, () => {
        throw own;
      }),
    ).rejects.toBe(own);
    await expect(
      readJsonEvents(bodyStream('data: 1\n\n'), endpoint, () => {
        throw new TypeError('bug');
      }),
    ).rejects.toThrow('The connection to Proxy broke off mid-response (bug). Try again.');
    const controller = new AbortController();
    controller.abort('stop');
    await expect(
      readJsonEvents(
        bodyStream('data: 1\n\n'),
        endpoint,
        () => {
          throw new TypeError('aborted read');
        },
        controller.signal,
      ),
    ).rejects.toBe('stop');
  });
});
