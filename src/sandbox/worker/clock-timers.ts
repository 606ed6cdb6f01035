import type { HostChannel } from './host-channel.ts';

// setTimeout in a code worker runs on the executor's clock: the worker asks the host to wait (ctx.delay)
// and runs the callback when the host says so. Timers then follow slow motion and Compare's virtual
// time like ctx.sleep does, and, like a plain setTimeout anywhere, they ignore the call's signal: a
// tool that waits this way and never looks at ctx.signal keeps going after its deadline until the
// executor's timeout strategy kills it (or never, with "race only"). Not installed when the executor's
// clock is the wall clock (CallContextData.localTimers): the worker's own timers then keep the same time.

type TimerHandler = (...args: unknown[]) => void;

interface TimerScope {
  setTimeout(handler: unknown, milliseconds?: number, ...args: unknown[]): number;
  clearTimeout(id: number | undefined): void;
  reportError?(error: unknown): void;
}

/** Replaces setTimeout/clearTimeout of this worker (a code worker runs one call, so once is enough). */
export function installClockTimers(channel: HostChannel): void {
  const scope = globalThis as unknown as TimerScope;
  const nativeSetTimeout = scope.setTimeout.bind(globalThis);
  const nativeClearTimeout = scope.clearTimeout.bind(globalThis);
  // Negative ids cannot collide with the browser's own (positive) timer ids.
  let lastId = 0;
  const pending = new Set<number>();
  const never = new AbortController().signal;
  scope.setTimeout = (handler: unknown, milliseconds?: number, ...args: unknown[]): number => {
    // A string handler is eval, which the sandbox's CSP refuses anyway: leave it to the browser to say so.
    if (typeof handler !== 'function') return nativeSetTimeout(handler, milliseconds, ...args);
    const id = --lastId;
    pending.add(id);
    const wait = Math.max(0, Number(milliseconds) || 0);
    void channel
      .request((requestId) => ({ type: 'timer', requestId, milliseconds: wait }), never)
      .then(() => {
        if (!pending.delete(id)) return;
        try {
          (handler as TimerHandler)(...args);
        } catch (error) {
          // As a throwing timer callback does: an uncaught error of the worker, which ends the call.
          if (scope.reportError) scope.reportError(error);
          else throw error;
        }
      });
    return id;
  };
  scope.clearTimeout = (id: number | undefined): void => {
    if (id !== undefined && pending.delete(id)) return;
    nativeClearTimeout(id);
  };
}
