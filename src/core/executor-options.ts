// How an executor is set up. Each default named here lives beside the code that applies it.
import type { Clock } from './clock.ts';
import type { Embedder } from './discovery/embedder.ts';
import type { RetryPolicy } from './retry-policy.ts';
import type { TimeoutStrategy } from './timeout-strategy.ts';

export interface ExecutorOptions {
  /** Per-attempt limit for tools that declare none. Default `defaultTimeoutMs` (timeout-strategy.ts). */
  timeoutMs?: number;
  /** What happens to an attempt's work at its deadline. Default `abort-then-kill`. */
  timeoutStrategy?: TimeoutStrategy;
  /** Default `defaultKillGraceMs` (timeout-strategy.ts). */
  killGraceMs?: number;
  /** Work whose strategy never kills it is killed this long after its deadline. Default 60_000. */
  lingerLimitMs?: number;
  /** Calls running at once across all runs of this executor. Default Infinity. */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
  clock?: Clock;
  userId?: string;
  env?: Record<string, string>;
  /** Source of jitter and generated ids; seed it for deterministic runs. Default Math.random. */
  random?: () => number;
  /** Cap on JSON argument text, in characters. Default 100_000. */
  maxArgumentsLength?: number;
  /** Cap on nesting of arguments. Default 32. */
  maxArgumentsDepth?: number;
  /** Turns texts into vectors for `discover`. Default: the offline `LexicalEmbedder` (TF-IDF). */
  embedder?: Embedder;
  /** Limit on each health check. Default: `timeoutMs`. */
  healthCheckTimeoutMs?: number;
}
