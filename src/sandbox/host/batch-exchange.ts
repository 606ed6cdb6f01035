import type { ModuleCheckOutcome, ModuleToCheck, WorkerToHostMessage } from '../protocol/worker-messages.ts';
import type { WorkerSession } from './worker-session.ts';

// The host's side of one compile batch: one check-modules message to a compile worker, then its
// verdicts as they come, gathered (see worker/module-batch.ts). Each wait is bounded: the worker gets
// its dependencies (zod) ready within the start-up limit, then each module's top level within the
// module load limit, counted from the last report (plus the time a report may wait to be sent). A
// worker that goes silent is stuck in a module or was lost with it: the verdicts so far are kept, and
// `stoppedAt` says where the worker stopped.

export interface BatchLimits {
  /** How long the worker may take to get a batch's dependencies ready (the sandbox's start-up). */
  dependencyLoadTimeoutMs: number;
  /** How long one module's top level may run. */
  moduleLoadTimeoutMs: number;
}

export interface BatchExchange {
  /** A verdict for each module that got one, by its index in the batch. */
  outcomes: (ModuleCheckOutcome | undefined)[];
  /**
   * Set when the worker stopped before the end: the first module without a verdict (the one running,
   * or, with reports gathered, the first of those that may have run since the last report), and why.
   */
  stopped?: { at: number; failure: unknown; dependenciesReady: boolean };
}

/** Sends the batch and collects its verdicts, handing each report to `onReport`; never throws (a failure is `stopped`). */
export async function exchangeBatch(
  session: WorkerSession,
  modules: readonly ModuleToCheck[],
  reportEveryMs: number,
  limits: BatchLimits,
  onReport: (from: number, outcomes: readonly ModuleCheckOutcome[]) => void = () => undefined,
): Promise<BatchExchange> {
  const requestId = 1;
  const outcomes: (ModuleCheckOutcome | undefined)[] = modules.map(() => undefined);
  let next = 0;
  let dependenciesReady = false;
  session.send({ type: 'check-modules', requestId, modules: [...modules], reportEveryMs });
  const report = (message: WorkerToHostMessage) =>
    message.type === 'modules-checked' && message.requestId === requestId ? message : undefined;
  try {
    while (!dependenciesReady || next < modules.length) {
      const timeoutMs = dependenciesReady ? limits.moduleLoadTimeoutMs + reportEveryMs : limits.dependencyLoadTimeoutMs;
      const received = await session.waitFor(report, { timeoutMs });
      dependenciesReady = true;
      // A report only ever continues where the last one ended; anything else is not this harness.
      if (received.from !== next || received.from + received.results.length > modules.length)
        throw new Error('The compile worker sent its verdicts out of order');
      received.results.forEach((outcome, offset) => (outcomes[received.from + offset] = outcome));
      next = received.from + received.results.length;
      if (received.results.length > 0) onReport(received.from, received.results);
    }
    return { outcomes };
  } catch (failure) {
    session.terminate();
    return { outcomes, stopped: { at: next, failure, dependenciesReady } };
  }
}
