// What a worker's harness keeps between host messages (harness-handlers.ts, and module-batch.ts for a
// compile worker's batch): its own file, so the two import it without importing each other.
import type { WorkerRole } from '../protocol/frame-messages.ts';
import type { HostChannel } from './host-channel.ts';
import type { LoadedModule } from './user-module.ts';

export interface HarnessState {
  channel: HostChannel;
  role: WorkerRole;
  module: Extract<LoadedModule, { ok: true }> | undefined;
  /**
   * Backs `ctx.signal` in the worker. It aborts when the host says the call's signal did (an `abort`
   * message, at the deadline or on Stop); killing the worker is the host's separate, later step.
   */
  callAbort: AbortController;
  /**
   * Runs user code's setTimeout on the host's clock (see clock-timers.ts). Only a real worker sets it:
   * it replaces the global setTimeout, which a test running the handlers in-process must keep.
   */
  timersOnHostClock?: boolean;
  /** Set while an execute runs: ends it with an error that escaped user code. */
  callFailed: ((error: unknown) => void) | undefined;
}
