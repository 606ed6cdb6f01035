import { workerToHostMessageSchema, type HostToWorkerMessage, type WorkerToHostMessage } from '../protocol/worker-messages.ts';
import { MessageBudget } from './message-budget.ts';
import { nextTask } from './next-task.ts';

// The host's view of one worker: its port, the messages it sends (each parsed, since user code runs
// there), and how it ended. Waiting for a message always races against the end of the session, a
// timeout and an abort signal, so no caller can hang on a worker that died or went silent.

/** Why a session ended. `crashed`: the iframe stopped answering (out of memory, killed) and was rebuilt. */
export type SessionEnd =
  | { kind: 'terminated' }
  | { kind: 'worker-error'; message: string; line: number; column: number }
  | { kind: 'crashed'; message: string }
  | { kind: 'protocol-error'; message: string };

export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
  constructor(readonly end: SessionEnd) {
    super(end.kind === 'terminated' ? 'The worker was stopped' : end.message);
  }
}

export class SessionTimeoutError extends Error {
  override readonly name = 'SessionTimeoutError';
}

type Handler = (message: WorkerToHostMessage) => void;

export interface WaitOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  timeoutMessage?: string;
}

export class WorkerSession {
  private readonly handlers = new Set<Handler>();
  private readonly endListeners = new Set<(end: SessionEnd) => void>();
  private ended: SessionEnd | undefined;
  private readonly budget = new MessageBudget();

  constructor(
    readonly workerId: string,
    private readonly port: MessagePort,
    private readonly stopWorker: (session: WorkerSession) => void,
  ) {
    port.addEventListener('message', (event) => this.receive(event.data));
    port.start();
  }

  get end(): SessionEnd | undefined {
    return this.ended;
  }

  send(message: HostToWorkerMessage): void {
    if (!this.ended) this.port.postMessage(message);
  }

  /** Every valid message while the session lives; returns the unsubscribe function. */
  onMessage(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Called once when the session ends (at once if it already has); returns the unsubscribe function. */
  onEnd(listener: (end: SessionEnd) => void): () => void {
    if (this.ended) {
      listener(this.ended);
      return () => undefined;
    }
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** Resolves with the first message `pick` maps to a value; rejects if the session ends first. */
  waitFor<Value>(pick: (message: WorkerToHostMessage) => Value | undefined, options: WaitOptions = {}): Promise<Value> {
    const { signal, timeoutMs, timeoutMessage } = options;
    return new Promise<Value>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cleanup = () => {
        unsubscribe();
        this.endListeners.delete(onEnd);
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(timer);
      };
      const unsubscribe = this.onMessage((message) => {
        const value = pick(message);
        if (value === undefined) return;
        cleanup();
        resolve(value);
      });
      const onEnd = (end: SessionEnd) => {
        cleanup();
        reject(new SessionEndedError(end));
      };
      const onAbort = () => {
        cleanup();
        // Stryker disable next-line OptionalChaining: onAbort is only ever called with a signal.
        reject(signal?.reason);
      };
      if (this.ended) return onEnd(this.ended);
      if (signal?.aborted) return onAbort();
      this.endListeners.add(onEnd);
      signal?.addEventListener('abort', onAbort);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          cleanup();
          reject(new SessionTimeoutError(timeoutMessage ?? `The worker did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
      }
    });
  }

  /** Kills the worker (idempotent). Work waiting on this session is rejected at once. */
  terminate(): void {
    if (this.ended) return;
    this.finish({ kind: 'terminated' });
    this.stopWorker(this);
  }

  /** Called by the host when the iframe reports an error for this worker or dies. */
  fail(end: SessionEnd): void {
    if (this.ended) return;
    this.finish(end);
    this.stopWorker(this);
  }

  private finish(end: SessionEnd): void {
    this.ended = end;
    // Nothing arriving from now on is read (receive checks `ended`); the close itself (a few tenths of a
    // ms, measured) waits for the next task, after whatever ended this session (a call's result).
    nextTask(() => this.port.close());
    this.handlers.clear();
    for (const listener of [...this.endListeners]) listener(end);
    this.endListeners.clear();
  }

  private receive(data: unknown): void {
    if (this.ended) return;
    // Measured before the schema walks it: the check itself must not be what freezes the page.
    const tooMuch = this.budget.take(data);
    if (tooMuch) {
      this.fail({ kind: 'protocol-error', message: `The tool's worker sent more than the host accepts (${tooMuch}); it was stopped` });
      return;
    }
    let parsed: ReturnType<typeof workerToHostMessageSchema.safeParse>;
    try {
      parsed = workerToHostMessageSchema.safeParse(data);
    } catch (error) {
      // A value nested deep enough to overflow the parser's stack.
      parsed = { success: false, error: error as never };
    }
    if (!parsed.success) {
      this.fail({
        kind: 'protocol-error',
        message: `The tool's worker sent an invalid message (${describeIssue(parsed.error)}); it was stopped`,
      });
      return;
    }
    if (parsed.data.type === 'worker-protocol-error') {
      // The worker refused what this side sent (a bug here, or a context it cannot take): nothing waiting
      // on it will ever be answered, so end the session instead of leaving a call to run into its deadline.
      this.fail({
        kind: 'protocol-error',
        message: `The sandbox worker refused a message from the host (${parsed.data.message}); it was stopped`,
      });
      return;
    }
    for (const handler of [...this.handlers]) handler(parsed.data);
  }
}

function describeIssue(error: unknown): string {
  // Stryker disable next-line OptionalChaining: safeParse throws nothing but a RangeError (never undefined).
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues;
  const first = issues?.[0];
  // Stryker disable next-line StringLiteral: safeParse throws nothing but a RangeError, an Error.
  if (!first) return error instanceof Error ? error.message : 'unreadable';
  return `${first.path.map(String).join('.') || '(root)'}: ${first.message}`;
}
