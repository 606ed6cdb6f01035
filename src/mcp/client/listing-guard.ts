// tools/list at connect ran under the SDK's 60 s default request timeout: a server that answered it with a
// response stream that ended empty left the person looking at "Connecting…" for a minute (issue 28). The
// SDK has no word for "this request's stream ended without its answer" (it reconnects only a stream that
// sent an event id), so the connection's tracked fetch says so, and the listing fails at once with words;
// a server that keeps the stream open and silent meets the request's own timeout.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { TrafficDirection } from '../../core/index.ts';
import type { RequestId, StreamEnd } from './tracked-fetch.ts';
import { McpConnectError } from './connect-errors.ts';

/** A stream's last events are parsed just after it closes: its answer may still be on the way this long. */
const answerGraceMs = 100;

type ListingOptions = Required<Pick<RequestOptions, 'signal' | 'timeout'>>;

interface MessageFields {
  id?: unknown;
  method?: unknown;
}

const isId = (value: unknown): value is RequestId => typeof value === 'string' || typeof value === 'number';

/** The connection's tools/list requests (one listing at a time): each ends with the list or a clear error. */
export class ListingGuard {
  /** Ids of the running listing's tools/list requests (one per page) that have no answer yet. */
  private readonly unanswered = new Set<RequestId>();
  private listing: AbortController | undefined;

  /**
   * Runs `list` with request options that end it when a request's stream closes unanswered, or when the
   * server takes over `timeoutMs` to answer one page (the SDK's timeout: the checking of the tools after
   * the answer does not count).
   */
  async run<T>(server: string, timeoutMs: number, list: (options: ListingOptions) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.listing = controller;
    try {
      return await list({ signal: controller.signal, timeout: timeoutMs });
    } catch (error) {
      // The SDK rejects an aborted request with its own wrapping of the reason: the reason has the words.
      if (controller.signal.aborted && controller.signal.reason instanceof McpConnectError) throw controller.signal.reason;
      if (error instanceof McpError && error.code === Number(ErrorCode.RequestTimeout))
        throw new McpConnectError(`${server} did not answer tools/list within ${timeoutMs / 1000} s.`);
      throw error;
    } finally {
      this.listing = undefined;
      this.unanswered.clear();
    }
  }

  /** Every message both ways: notes the listing's requests, and their answers. */
  observe(direction: TrafficDirection, message: unknown): void {
    const { id, method } = message as MessageFields;
    if (!this.listing || !isId(id)) return;
    if (direction === 'sent' && method === 'tools/list') this.unanswered.add(id);
    if (direction === 'received' && method === undefined) this.unanswered.delete(id);
  }

  /** Response streams that ended: the listing's, closed or broken before its answer, fails the listing. */
  streamEnded(ids: readonly RequestId[], how: StreamEnd, server: string): void {
    const listing = this.listing;
    // A resumable stream is reconnected by the SDK, and the answer may come on it: the timeout still holds.
    if (!listing || how === 'resumable' || !ids.some((id) => this.unanswered.has(id))) return;
    setTimeout(() => {
      if (this.listing !== listing || !ids.some((id) => this.unanswered.has(id))) return;
      listing.abort(
        new McpConnectError(
          how === 'broken'
            ? `${server} dropped the connection before it answered tools/list: no tools were listed.`
            : `${server} ended its answer to tools/list without the list of tools (an empty response stream).`,
        ),
      );
    }, answerGraceMs);
  }
}
