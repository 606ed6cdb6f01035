import type { CallContextData, FetchRequestData } from '../protocol/worker-messages.ts';
import { RealClock } from '../../core/clock.ts';
import type { HostChannel } from './host-channel.ts';

// The `ctx` user code receives. Every capability is a message to the host: sleep runs on the
// executor's clock (so virtual time and replays work; when that clock is the wall clock the worker times
// it itself, a round trip less per wait), fetch goes through the host's allowlist. It gives
// what the editor's ToolContext promises (checked: src/ui/elements/monaco/tool-context.test.ts).

export interface SandboxToolContext {
  toolCallId: string;
  attempt: number;
  userId: string | undefined;
  env: Readonly<Record<string, string>>;
  idempotencyKey: string;
  signal: AbortSignal;
  sleep(milliseconds: number): Promise<void>;
  log(...values: unknown[]): void;
  fetch(input: string | URL | { url: string }, init?: SandboxFetchInit): Promise<Response>;
}

export interface SandboxFetchInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | URLSearchParams | null;
  signal?: AbortSignal | null;
}

/** The wall clock, for the waits a worker times itself (CallContextData.localTimers). */
const wallClock = new RealClock();

/** Statuses whose Response must have a null body (the constructor throws otherwise). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

export function createWorkerContext(data: CallContextData, channel: HostChannel, signal: AbortSignal): SandboxToolContext {
  return Object.freeze({
    toolCallId: data.toolCallId,
    attempt: data.attempt,
    userId: data.userId,
    env: Object.freeze({ ...data.env }),
    idempotencyKey: data.idempotencyKey,
    signal,
    log: (...values: unknown[]) => channel.log('log', values),
    sleep: async (milliseconds: number) => {
      const wait = Math.max(0, Number(milliseconds) || 0);
      // Rejects, as the host's would, with the abort the host sent (an AbortError carrying its message).
      if (data.localTimers) return wallClock.sleep(wait, signal);
      const reply = await channel.request((requestId) => ({ type: 'sleep', requestId, milliseconds: wait }), signal);
      if (reply.type === 'sleep-failed') throw new DOMException(reply.message, 'AbortError');
    },
    fetch: async (input: string | URL | { url: string }, init: SandboxFetchInit = {}) => {
      const request = toFetchRequest(input, init);
      const signals = init.signal ? AbortSignal.any([signal, init.signal]) : signal;
      const reply = await channel.request((requestId) => ({ type: 'fetch', requestId, request }), signals);
      if (reply.type === 'fetch-failed') throw new TypeError(reply.message);
      if (reply.type !== 'fetch-response') throw new TypeError('fetch: unexpected reply from the host');
      const { response: data } = reply;
      const response = new Response(nullBodyStatuses.has(data.status) ? null : data.body, {
        status: data.status,
        statusText: data.statusText,
        headers: data.headers,
      });
      // Response.url is read-only and empty for constructed responses; code often logs it.
      Object.defineProperty(response, 'url', { value: data.url });
      return response;
    },
  });
}

function toFetchRequest(input: string | URL | { url: string }, init: SandboxFetchInit): FetchRequestData {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : String(input?.url);
  const headers = [...new Headers(init.headers ?? undefined).entries()];
  let body: string | undefined;
  if (typeof init.body === 'string') body = init.body;
  else if (init.body instanceof URLSearchParams) {
    body = init.body.toString();
    if (!headers.some(([name]) => name === 'content-type'))
      headers.push(['content-type', 'application/x-www-form-urlencoded;charset=UTF-8']);
  } else if (init.body !== undefined && init.body !== null) {
    throw new TypeError('ctx.fetch sends string bodies only: use JSON.stringify(...) for JSON');
  }
  return { url, method: (init.method ?? 'GET').toUpperCase(), headers, ...(body === undefined ? {} : { body }) };
}
