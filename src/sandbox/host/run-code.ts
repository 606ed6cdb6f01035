import { ToolUnavailableError, type ToolContext } from '../../core/index.ts';
import type { WorkerToHostMessage } from '../protocol/worker-messages.ts';
import { proxyFetch } from './fetch-proxy.ts';
import type { CodeWorkers } from './code-workers.ts';
import type { LoadedWorker } from './module-loader.ts';
import type { TranspiledModule } from '../transpile.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { LocatedError, sessionEndToError, toCoreError } from './worker-errors.ts';
import { SessionEndedError, type WorkerSession } from './worker-session.ts';

// One execute call: a fresh worker, the input in, the capabilities served, the result out, and the
// worker terminated whatever happens. The call's signal is the kill switch: when the executor's
// deadline passes (or the user presses Stop), the worker is terminated at once, endless loop or not.

/** A tool firing dozens of requests at once is almost always a bug; the rest fail fast. */
const maxConcurrentFetches = 16;

export async function runCode(
  host: SandboxHost,
  workers: CodeWorkers,
  module: TranspiledModule,
  input: unknown,
  ctx: ToolContext,
): Promise<unknown> {
  return host.whileBusy(async () => {
    ctx.signal.throwIfAborted();
    let loaded: LoadedWorker;
    try {
      loaded = await workers.take(ctx.signal);
    } catch (failure) {
      workers.release({ prepareSpares: false });
      throw failure;
    }
    if (!loaded.ok) {
      // A module that failed to load would fail again as a spare.
      workers.release({ prepareSpares: false });
      const [error] = loaded.errors;
      const message = error?.message ?? 'unknown error';
      if (loaded.unavailable) throw new ToolUnavailableError(message);
      throw new LocatedError(`The tool's code failed to load: ${message}`, error && { line: error.line, column: error.column });
    }
    const { session } = loaded;
    // The kill switch: terminate() stops the worker mid-instruction, endless loop or not.
    const stop = () => session.terminate();
    ctx.signal.addEventListener('abort', stop, { once: true });
    try {
      serveCapabilities(host, session, ctx);
      session.send({
        type: 'execute',
        input,
        context: {
          toolCallId: ctx.toolCallId,
          attempt: ctx.attempt,
          userId: ctx.userId,
          env: { ...ctx.env },
          idempotencyKey: ctx.idempotencyKey,
        },
      });
      const outcome = await session.waitFor(
        (message) => (message.type === 'executed' || message.type === 'execute-failed' ? message : undefined),
        { signal: ctx.signal },
      );
      if (outcome.type === 'execute-failed') throw toCoreError(outcome.error, module);
      // Cut or converted values are not silent: the call's log says what changed.
      if (outcome.notes.length > 0) ctx.log(`The result was changed to fit in JSON: ${outcome.notes.join('; ')}`);
      return outcome.value;
    } catch (failure) {
      // Stopping the worker on abort also ends the session; the abort is the real reason.
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (failure instanceof SessionEndedError) throw sessionEndToError(failure, module);
      throw failure;
    } finally {
      ctx.signal.removeEventListener('abort', stop);
      session.terminate();
      // Only now: the next calls' spares do not compete with this call for the CPU.
      workers.release();
    }
  });
}

function serveCapabilities(host: SandboxHost, session: WorkerSession, ctx: ToolContext): void {
  let fetchesInFlight = 0;
  session.onMessage((message: WorkerToHostMessage) => {
    switch (message.type) {
      case 'log':
        ctx.log(...(message.level === 'log' || message.level === 'info' ? message.values : [`[${message.level}]`, ...message.values]));
        return;
      case 'sleep':
        ctx.sleep(message.milliseconds).then(
          () => session.send({ type: 'sleep-done', requestId: message.requestId }),
          (reason: unknown) => session.send({ type: 'sleep-failed', requestId: message.requestId, message: String(reason) }),
        );
        return;
      case 'fetch': {
        const { requestId } = message;
        if (fetchesInFlight >= maxConcurrentFetches) {
          session.send({
            type: 'fetch-failed',
            requestId,
            message: `fetch refused: at most ${maxConcurrentFetches} requests may be in flight at once`,
          });
          return;
        }
        fetchesInFlight++;
        void proxyFetch(message.request, host.options.fetchAllowlist(), ctx.signal)
          .then((result) =>
            session.send(
              result.ok
                ? { type: 'fetch-response', requestId, response: result.response }
                : { type: 'fetch-failed', requestId, message: result.message },
            ),
          )
          .finally(() => fetchesInFlight--);
        return;
      }
      default:
        return;
    }
  });
}
