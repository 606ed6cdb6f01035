import type { ExecutorEvent, ExecutorListener } from './event-types.ts';

/**
 * Delivers events synchronously, in order, to every listener. A listener that throws must not break a
 * run (the executor never rejects), so its error is kept for inspection and reported once on the console.
 */
export class EventHub {
  private readonly listeners = new Set<ExecutorListener>();
  private readonly errors: unknown[] = [];
  private reported = false;

  /** Keeps the first errors only: a listener that throws on every event must not grow memory without end. */
  static readonly maxKeptErrors = 100;

  on(listener: ExecutorListener): () => void {
    // Wrapping makes one function subscribed twice two subscriptions, each with its own unsubscribe.
    const entry: ExecutorListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  emit(event: ExecutorEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        if (this.errors.length < EventHub.maxKeptErrors) this.errors.push(error);
        if (!this.reported) {
          this.reported = true;
          console.error(
            'Toolscope executor: an event listener threw; the run goes on. Further listener errors are collected silently.',
            error,
          );
        }
      }
    }
  }

  /** Errors thrown by listeners so far (the first hundred). */
  listenerErrors(): readonly unknown[] {
    return this.errors;
  }
}
