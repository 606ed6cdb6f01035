// A scripted `fetch` for adapter tests and demos: replays recorded bodies, split into chunks at
// arbitrary byte positions (as a network does), and records what was sent.
import type { FetchFunction } from './http.ts';

export interface RecordedResponse {
  status?: number;
  headers?: Record<string, string>;
  body: string;
  /** Split the body into chunks of these byte sizes, cycling; default one chunk. */
  chunkSizes?: number[];
}

export interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeFetch {
  fetch: FetchFunction;
  requests: SentRequest[];
}

function chunked(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  for (let index = 0; offset < bytes.length; index++) {
    const size = Math.max(1, sizes[index % sizes.length] ?? bytes.length);
    chunks.push(bytes.slice(offset, offset + size));
    offset += size;
  }
  return chunks;
}

export function bodyStream(
  body: string,
  chunkSizes: number[] = [Number.MAX_SAFE_INTEGER],
  signal?: AbortSignal | null,
): ReadableStream<Uint8Array> {
  const chunks = chunked(new TextEncoder().encode(body), chunkSizes);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (signal?.aborted) {
        controller.error(signal.reason);
        return;
      }
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

/** Answers each request with the next response; `Error` entries reject like a failed fetch. */
export function fakeFetch(responses: (RecordedResponse | Error)[]): FakeFetch {
  const requests: SentRequest[] = [];
  const queue = [...responses];
  const fetch: FetchFunction = async (url, init) => {
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]),
    );
    requests.push({ url, headers, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (init.signal?.aborted) throw init.signal.reason;
    const next = queue.shift();
    if (!next) throw new Error('fakeFetch: no response left');
    if (next instanceof Error) throw next;
    return new Response(bodyStream(next.body, next.chunkSizes, init.signal), { status: next.status ?? 200, headers: next.headers });
  };
  return { fetch, requests };
}
