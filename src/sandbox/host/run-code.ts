import { ToolUnavailableError, type ToolContext } from '../../core/index.ts';
import type { WorkerToHostMessage } from '../protocol/worker-messages.ts';
import { proxyFetch } from './fetch-proxy.ts';
import { isSimulatedDownstream } from '../simulated-downstream.ts';
import type { CodeWorkers } from './code-workers.ts';
import type { LoadedWorker } from './loaded-worker.ts';
import type { TranspiledModule } from '../transpile.ts';
import type { SandboxHost } from './sandbox-host.ts';
import { typescriptCallErrors, type CallErrors } from './call-errors.ts';
import { SessionEndedError, type WorkerSession } from './worker-session.ts';

// One execute call: a fresh worker, the input in, the capabilities served, the result out, and the
// worker terminated once the call is over, never reused. Stopping the work has two separate steps, as
// the executor's timeout strategy decides: the call's signal aborting is passed on to the worker
// (ctx.signal there aborts; a cooperative tool stops), and the kill signal terminates the worker at
// once, endless loop or not. Until the kill, the worker runs on and its late result goes back to the
// executor, which discards it. A context without a kill signal (built by hand) gets the old rule: the
// abort terminates the worker.

/** A tool firing dozens of requests at once is almost always a bug; the rest fail fast. */
const maxConcurrentFetches = 16;

export function runCode(
  host: SandboxHost,
  workers: CodeWorkers,
  module: TranspiledModule,
  input: unknown,
  ctx: ToolContext,
): Promise<unknown> {
  return runInWorker(host, workers, typescriptCallErrors(module), input, ctx);
}

/** One call in a worker of its own, whatever the language of the module loaded into it. */
export async function runInWorker(
  host: SandboxHost,
  workers: CodeWorkers,
  errors: CallErrors,
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
      if (loaded.kind === 'sandbox') throw new ToolUnavailableError(error?.message ?? 'unknown error');
      throw errors.loadFailed(error);
    }
    const { session } = loaded;
    // The kill switch: terminate() stops the worker mid-instruction, endless loop or not.
    const kill = () => session.terminate();
    const killSignal = ctx.killSignal ?? ctx.signal;
    const passOnAbort = () => session.send({ type: 'abort', message: abortMessage(ctx.signal.reason) });
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the finally below removes it; an abort fires once.
    killSignal.addEventListener('abort', kill, { once: true });
    // Without a kill signal both would listen to one signal: kill, added first, ends the session, and a
    // session that ended sends nothing, so the abort message would be dropped anyway.
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,BooleanLiteral: see above; `once` as for kill.
    if (killSignal !== ctx.signal) ctx.signal.addEventListener('abort', passOnAbort, { once: true });
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
          // The worker requires a key; a context built by hand may lack one, and the call id is as stable.
          idempotencyKey: ctx.idempotencyKey ?? ctx.toolCallId,
          // Under slow motion or virtual time only the executor's clock knows when a wait ends.
          localTimers: ctx.realTime === true,
        },
      });
      // Waits past the abort: the work may still finish (a late settle); only a kill ends the wait early.
      const outcome = await session.waitFor(
        (message) => (message.type === 'executed' || message.type === 'execute-failed' ? message : undefined),
        // Stryker disable next-line ObjectLiteral: kill() ends the session, which ends this wait as well; the signal only ends it first.
        { signal: killSignal },
      );
      if (outcome.type === 'execute-failed') throw errors.thrown(outcome.error);
      // Cut or converted values are not silent: the call's log says what changed.
      if (outcome.notes.length > 0) ctx.log(`The result was changed to fit in JSON: ${outcome.notes.join('; ')}`);
      return outcome.value;
    } catch (failure) {
      // Killing the worker also ends the session; the kill (or abort) is the real reason.
      if (killSignal.aborted) throw ctx.signal.aborted ? ctx.signal.reason : killSignal.reason;
      if (failure instanceof SessionEndedError) throw errors.ended(failure);
      throw failure;
    } finally {
      killSignal.removeEventListener('abort', kill);
      ctx.signal.removeEventListener('abort', passOnAbort);
      session.terminate();
      // The fan-out's spares are made once the tool's last call has ended (CodeWorkers.release).
      workers.release();
    }
  });
}

function serveCapabilities(host: SandboxHost, session: WorkerSession, ctx: ToolContext): void {
  let fetchesInFlight = 0;
  // A request outlives neither its call's signal nor its worker: a killed worker (or one that finished
  // without awaiting its fetch) releases what it held, such as a slot of a simulated downstream.
  const workerGone = new AbortController();
  // Stryker disable next-line StringLiteral: the reason reaches no one; the worker that would read the failed fetch is gone.
  session.onEnd(() => workerGone.abort(new Error('The worker was stopped')));
  const requestSignal = AbortSignal.any([ctx.signal, workerGone.signal]);
  session.onMessage((message: WorkerToHostMessage) => {
    switch (message.type) {
      case 'log':
        ctx.log(...(message.level === 'log' || message.level === 'info' ? message.values : [`[${message.level}]`, ...message.values]));
        return;
      case 'timer':
        (ctx.delay ? ctx.delay(message.milliseconds) : new Promise<void>((resolve) => setTimeout(resolve, message.milliseconds))).then(() =>
          session.send({ type: 'timer-done', requestId: message.requestId }),
        );
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
        const answering = isSimulatedDownstream(message.request.url)
          ? host.downstreams.handle(message.request, (ms) => ctx.sleep(ms), requestSignal)
          : proxyFetch(message.request, host.options.fetchAllowlist(), requestSignal);
        void answering
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
      // Stryker disable next-line ConditionalExpression: the last case; emptying it changes nothing.
      default:
        return;
    }
  });
}

function abortMessage(reason: unknown): string {
  if (reason instanceof Error || reason instanceof DOMException) return reason.message;
  return typeof reason === 'string' ? reason : 'The call was aborted';
}
