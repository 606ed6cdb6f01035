// A failed tools/call as the executor understands failures: transient ones (network, 429/5xx, JSON-RPC
// internal errors, a dropped stream) may be retried — by the executor, and only for tools whose hints say
// a repeat is harmless; everything else is permanent. Server-side argument errors become invalid_arguments,
// so the model reads them as it reads a schema failure and can fix its call.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { InvalidArgumentsError, PermanentError, TransientError, messageOf, parseRetryAfter, transientStatuses } from '../../core/index.ts';
import { isNetworkFailure } from './connect-errors.ts';
import type { ResponseFacts } from './tracked-fetch.ts';

/** The call's connection went away before an answer arrived. */
export class McpCallDroppedError extends Error {
  override readonly name = 'McpCallDroppedError';
  constructor(
    message: string,
    /** A dropped stream may be a network blip; a connection closed on purpose is not coming back. */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

export interface CallFailureContext {
  server: string;
  facts?: ResponseFacts;
  now(): number;
}

export function classifyCallError(error: unknown, context: CallFailureContext): Error {
  const { server } = context;
  if (error instanceof McpCallDroppedError)
    return error.transient ? new TransientError(error.message, { cause: error }) : new PermanentError(error.message, { cause: error });
  if (error instanceof StreamableHTTPError) {
    const status = error.code ?? -1;
    const retryAfter = context.facts?.retryAfter ? parseRetryAfter(context.facts.retryAfter, context.now()) : undefined;
    if (transientStatuses.has(status))
      return new TransientError(`${server} answered HTTP ${status} (a transient failure).`, {
        cause: error,
        ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
      });
    if (status === 401 || status === 403)
      return new PermanentError(`${server} refused the call (HTTP ${status}): check the token or headers.`, { cause: error });
    if (status === 404)
      return new PermanentError(`${server} no longer knows this session (HTTP 404): disconnect and connect again.`, { cause: error });
    return new PermanentError(`${server} answered HTTP ${status}: ${error.message}`, { cause: error });
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.InternalError)
      return new TransientError(`${server} reported an internal error (JSON-RPC ${error.code}): ${error.message}`, { cause: error });
    if (error.code === ErrorCode.InvalidParams) return new InvalidArgumentsError(`${server} refused the arguments: ${error.message}`);
    if (error.code === ErrorCode.ConnectionClosed)
      return new PermanentError(`The connection to ${server} closed during the call.`, { cause: error });
    return new PermanentError(`${server} answered with JSON-RPC error ${error.code}: ${error.message}`, { cause: error });
  }
  if (isNetworkFailure(error)) return new TransientError(`Could not reach ${server} (network): ${messageOf(error)}`, { cause: error });
  if (error instanceof Error && error.name === 'ZodError')
    return new PermanentError(`${server} sent an answer that is not a tools/call result: ${error.message}`);
  return new PermanentError(`The call to ${server} failed: ${messageOf(error)}`, { cause: error });
}
