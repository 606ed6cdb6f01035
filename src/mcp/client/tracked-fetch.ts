// The fetch the MCP transport uses. It knows which JSON-RPC requests each HTTP request carries, so it can
// (1) end the HTTP response of a cancelled request — the SDK never does, and after six such responses a
// browser has no connection left for the origin and every later call stalls; (2) say when a request's
// response stream ended without an answer (a server that dropped the connection mid-call), which the SDK
// would otherwise wait on until its own timeout — unless the stream carried an event id, which makes it
// resumable: the SDK then waits the server's `retry` and reconnects with Last-Event-ID (SEP-1699), and the
// answer may come on that stream; (3) keep the HTTP facts (status, content type, Retry-After) that error
// messages and retries need; (4) count its requests to the server (connection-slots.ts), so a call whose
// request waits for a free connection is said to wait.
import type { ConnectionSlots } from './connection-slots.ts';

export type RequestId = string | number;

export interface ResponseFacts {
  status: number;
  contentType: string | null;
  retryAfter: string | null;
}

/**
 * How a response stream ended: the server closed it, or it broke (reset, network); `resumable` when it
 * had sent an event id first, so the client reconnects with Last-Event-ID instead of giving up.
 */
export type StreamEnd = 'closed' | 'broken' | 'resumable';

function messagesIn(body: unknown): Record<string, unknown>[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]).filter(
      (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
    );
  } catch {
    return [];
  }
}

const isId = (value: unknown): value is RequestId => typeof value === 'string' || typeof value === 'number';
const maxRetiredTokens = 500;

function headerOf(headers: HeadersInit | undefined, name: string): string | null {
  if (!headers) return null;
  return new Headers(headers).get(name);
}

export class TrackedFetch {
  /** The latest response, whatever it carried: what a failed connect is explained with. */
  lastResponse: ResponseFacts | undefined;
  private readonly controllers = new Map<RequestId, AbortController>();
  private readonly facts = new Map<RequestId, ResponseFacts>();
  private readonly cancelled = new Set<RequestId>();
  /** The last event id of each resumable POST stream whose call is still waiting: token -> request ids. */
  private readonly resumeTokens = new Map<string, RequestId[]>();
  /** Tokens of calls that are over (answered, cancelled): the SDK's reconnect for them is not sent. */
  private readonly retiredTokens = new Set<string>();
  /** The request ids of the stream each server request came on (so an elicitation knows its call). */
  private readonly originOfServerRequest = new Map<RequestId, RequestId[]>();

  constructor(
    private readonly base: typeof fetch,
    private readonly onStreamEnd: (ids: RequestId[], how: StreamEnd) => void,
    /** This page's requests to the server, when they are counted (plain http). */
    private readonly slots?: ConnectionSlots,
    /** The requests `ids` wait for a connection; what is returned is called once they have one. */
    private readonly onConnectionWait: (ids: RequestId[]) => () => void = () => () => {},
  ) {}

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const messages = messagesIn(init?.body);
    const resumeToken = init?.method === 'GET' ? headerOf(init.headers, 'last-event-id') : null;
    // A reconnect for a call that is over would hold a connection open for an answer that never comes.
    if (resumeToken && this.retiredTokens.has(resumeToken)) return new Response(null, { status: 405 });
    const resumed = resumeToken ? (this.resumeTokens.get(resumeToken) ?? []) : [];
    if (resumeToken) this.resumeTokens.delete(resumeToken);
    const ids = [
      ...resumed,
      ...messages.filter((message) => typeof message.method === 'string' && isId(message.id)).map((message) => message.id as RequestId),
    ];
    const cancels = messages
      .filter((message) => message.method === 'notifications/cancelled')
      .map((message) => (message.params as { requestId?: unknown } | undefined)?.requestId)
      .filter(isId);
    let signal = init?.signal ?? undefined;
    // The transport's own signal (it aborts on close) is forwarded by hand: AbortSignal.any costs more.
    const outer = signal;
    let forward: (() => void) | undefined;
    if (ids.length > 0) {
      const controller = new AbortController();
      if (outer) {
        forward = () => controller.abort(outer.reason);
        if (outer.aborted) forward();
        else outer.addEventListener('abort', forward, { once: true });
      }
      signal = controller.signal;
      for (const id of ids) this.controllers.set(id, controller);
    }
    const connectionFreed = this.slots?.begin(() => this.onConnectionWait(ids)) ?? (() => {});
    const release = () => {
      connectionFreed();
      if (forward) outer?.removeEventListener('abort', forward);
    };
    let response: Response;
    try {
      response = await this.base(input, { ...init, ...(signal ? { signal } : {}) });
    } catch (error) {
      for (const id of ids) this.controllers.delete(id);
      release();
      throw error;
    } finally {
      // The server has the cancellation now (or never will): free the connection either way.
      for (const id of cancels) this.abortRequest(id);
    }
    const facts: ResponseFacts = {
      status: response.status,
      contentType: response.headers.get('content-type'),
      retryAfter: response.headers.get('retry-after'),
    };
    this.lastResponse = facts;
    for (const id of ids) this.facts.set(id, facts);
    const streaming = response.ok && response.body && (facts.contentType ?? '').includes('text/event-stream');
    if (!streaming || !response.body) {
      for (const id of ids) this.controllers.delete(id);
      // A JSON answer is read at once: its connection is as good as free.
      release();
      return response;
    }
    // A stream for no request of ours (the server's own GET stream) still holds a connection while open.
    if (ids.length === 0) {
      const body = watchEnd(response.body, new StreamWatch(), release, release);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    const watch = new StreamWatch((serverRequestId) => this.originOfServerRequest.set(serverRequestId, ids));
    const body = watchEnd(response.body, watch, (how, lastEventId) => (release(), this.ended(ids, how, lastEventId)), release);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  /** Ends the HTTP response of a request the client cancelled. */
  abortRequest(id: RequestId): void {
    this.cancelled.add(id);
    this.retireTokensOf(id);
    this.controllers.get(id)?.abort(new DOMException('The request was cancelled', 'AbortError'));
    this.controllers.delete(id);
  }

  /** The client requests whose stream carried this server request (the call that asked), once. */
  takeOrigin(serverRequestId: RequestId): RequestId[] {
    const ids = this.originOfServerRequest.get(serverRequestId) ?? [];
    this.originOfServerRequest.delete(serverRequestId);
    return ids;
  }

  factsOf(id: RequestId): ResponseFacts | undefined {
    return this.facts.get(id);
  }

  /** The call is over: its facts are no longer needed. */
  forget(id: RequestId): void {
    this.facts.delete(id);
    this.cancelled.delete(id);
    this.retireTokensOf(id);
  }

  private retireTokensOf(id: RequestId): void {
    for (const [token, ids] of this.resumeTokens)
      if (ids.includes(id)) {
        this.resumeTokens.delete(token);
        this.retiredTokens.add(token);
      }
    // Bounded: the oldest retired tokens go first (a Set keeps insertion order).
    for (const token of this.retiredTokens) {
      if (this.retiredTokens.size <= maxRetiredTokens) break;
      this.retiredTokens.delete(token);
    }
  }

  private ended(ids: RequestId[], how: StreamEnd, lastEventId: string | undefined): void {
    const live = ids.filter((id) => !this.cancelled.has(id));
    for (const id of ids) this.controllers.delete(id);
    if (how === 'resumable' && lastEventId) {
      if (live.length > 0) this.resumeTokens.set(lastEventId, live);
      else this.retiredTokens.add(lastEventId);
    }
    if (live.length > 0) this.onStreamEnd(live, how);
  }
}

/**
 * Reads an event stream's lines as they pass, across chunks: its last `id:` field (SSE: a line of its own,
 * one optional space), and the ids of the requests the server sends on it (an elicitation, a sampling
 * request), which belong to the call whose stream it is.
 */
export class StreamWatch {
  lastId: string | undefined;
  private readonly decoder = new TextDecoder();
  private partial = '';

  constructor(private readonly onServerRequest: (id: RequestId) => void = () => {}) {}

  feed(bytes: Uint8Array): void {
    const lines = (this.partial + this.decoder.decode(bytes, { stream: true })).split(/\r\n|\r|\n/);
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('id:')) this.lastId = line.slice(line.startsWith('id: ') ? 4 : 3);
      else if (line.startsWith('data:') && line.includes('"method"')) this.serverRequestIn(line.slice(5));
    }
  }

  private serverRequestIn(data: string): void {
    const [message] = messagesIn(data);
    if (message && typeof message.method === 'string' && isId(message.id)) this.onServerRequest(message.id);
  }
}

/** The same bytes, with a callback once the source has ended or broken, and one when the reader cancels it. */
function watchEnd(
  source: ReadableStream<Uint8Array>,
  ids: StreamWatch,
  onEnd: (how: StreamEnd, lastEventId: string | undefined) => void,
  onCancel: () => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          onEnd(ids.lastId ? 'resumable' : 'closed', ids.lastId);
        } else {
          ids.feed(value);
          controller.enqueue(value);
        }
      } catch (error) {
        controller.error(error);
        onEnd(ids.lastId ? 'resumable' : 'broken', ids.lastId);
      }
    },
    cancel(reason) {
      onCancel();
      return reader.cancel(reason);
    },
  });
}
