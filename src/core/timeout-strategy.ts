// What the executor does with an attempt's work once its deadline passes. The race against the deadline
// only decides how long the executor waits; the strategy decides what happens to the work itself.

/**
 * - `race`: stop waiting, nothing else. The work runs on to its natural end and its result is
 *   discarded (reported as a late settle). The naive `Promise.race` design.
 * - `abort`: abort the attempt's signal at the deadline. A tool that listens stops; one that ignores its
 *   signal runs on, as with `race`.
 * - `abort-then-kill`: abort at the deadline, then, if the work has not settled after the grace period,
 *   stop it by force (`ToolContext.killSignal`: the sandbox terminates the worker).
 */
export type TimeoutStrategy = 'race' | 'abort' | 'abort-then-kill';

export const timeoutStrategies: readonly TimeoutStrategy[] = ['race', 'abort', 'abort-then-kill'];

/**
 * The one default per-attempt timeout: an executor built without `timeoutMs` uses it, and so does the app
 * (a new workspace's run settings, src/samples/run-settings.ts, start from it). A tool's own timeout, then
 * the run's, win over it.
 */
export const defaultTimeoutMs = 5_000;

export const defaultTimeoutStrategy: TimeoutStrategy = 'abort-then-kill';
export const defaultKillGraceMs = 2_000;
/**
 * Work that is never killed by its strategy (`race`, `abort`) is still stopped this long after its
 * deadline, so an endless loop cannot hold a worker for the rest of the page's life.
 */
export const defaultLingerLimitMs = 60_000;

/** Why lingering work was stopped by force. */
export type KillReason = 'grace-expired' | 'stopped' | 'linger-limit';

export interface TimeoutPolicy {
  strategy: TimeoutStrategy;
  /** How long after the deadline the work is killed if it has not settled. */
  killAfterMs: number;
  /** The reason given when that happens. */
  killReason: KillReason;
}

export interface TimeoutStrategySources {
  strategy?: TimeoutStrategy;
  killGraceMs?: number;
}

/** Tool first, then the run, then the executor; the first that says something wins. */
export function resolveTimeoutPolicy(
  tool: TimeoutStrategySources | undefined,
  run: TimeoutStrategySources | undefined,
  executor: TimeoutStrategySources & { lingerLimitMs?: number },
): TimeoutPolicy {
  const strategy = tool?.strategy ?? run?.strategy ?? executor.strategy ?? defaultTimeoutStrategy;
  const lingerLimitMs = executor.lingerLimitMs ?? defaultLingerLimitMs;
  if (strategy !== 'abort-then-kill') return { strategy, killAfterMs: lingerLimitMs, killReason: 'linger-limit' };
  const grace = tool?.killGraceMs ?? run?.killGraceMs ?? executor.killGraceMs ?? defaultKillGraceMs;
  return { strategy, killAfterMs: Math.max(0, Math.min(grace, lingerLimitMs)), killReason: 'grace-expired' };
}

/**
 * Counts attempts whose work is still running after the executor stopped waiting for it, so a caller
 * can keep listening for their late settles (or kills) after its run ended.
 */
export class LingeringWork {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  started(): void {
    this.count++;
  }

  ended(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Resolves once no work lingers (at once when none does). */
  whenSettled(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
