// A run as the app sees it: its events as they happen, a way to stop it, and a promise of how it ended
// that never rejects. Whatever throws inside a run (a sandbox that dies, a registry that refuses a tool,
// a bug) ends that run with a visible error instead of leaving the app "Running…" forever.
import { messageOf } from '../core/index.ts';
import type { AgentRunEvent } from '../agent/index.ts';
import type { RunControl } from './run-control.ts';

export interface RunHandle<Outcome> {
  readonly id: number;
  /** Every event so far, appended in place as they happen (copying per event would be quadratic). */
  readonly events: readonly AgentRunEvent[];
  stop(): void;
  /** Settles once the run has ended, however it ended. Never rejects. */
  readonly done: Promise<Outcome>;
}

/** What a run's body gets: its id and signal, and where to report its events. */
export interface RunScope {
  id: number;
  signal: AbortSignal;
  emit(event: AgentRunEvent): void;
}

/** How every kind of run says it did not finish: stopped (Stop, or a newer run), or its body threw. */
export type RunInterruption = { status: 'stopped'; reason: string } | { status: 'failed'; error: string };

export interface StartRunOptions<Outcome> {
  control: RunControl;
  body(scope: RunScope): Promise<Outcome>;
  /** Called for each event as it is appended to `events`. */
  onEvent?(event: AgentRunEvent): void;
}

export function startRun<Outcome>({ control, body, onEvent }: StartRunOptions<Outcome>): RunHandle<Outcome | RunInterruption> {
  const { id, signal } = control.start();
  const events: AgentRunEvent[] = [];
  const emit = (event: AgentRunEvent) => {
    events.push(event);
    onEvent?.(event);
  };
  const done = (async (): Promise<Outcome | RunInterruption> => {
    try {
      return await body({ id, signal, emit });
    } catch (error) {
      if (signal.aborted) return { status: 'stopped', reason: messageOf(signal.reason) };
      return { status: 'failed', error: messageOf(error) };
    } finally {
      control.finish(signal);
    }
  })();
  return { id, events, stop: () => control.stop(signal), done };
}

/** Resolves with `work`, or rejects as soon as `signal` aborts (a wait for compiles must not outlive Stop). */
export function untilStopped<Value>(work: Promise<Value>, signal: AbortSignal): Promise<Value> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Value>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
