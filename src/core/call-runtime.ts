import type { ArgumentLimits } from './arguments.ts';
import type { EventHub } from './events.ts';
import type { MetricsRecorder } from './metrics.ts';
import type { ToolRegistry } from './registry/tool-registry.ts';
import type { Semaphore } from './semaphore.ts';
import type { LingeringWork, TimeoutStrategySources } from './timeout-strategy.ts';
import type { Clock } from './clock.ts';
import type { RetryPolicy } from './retry-policy.ts';
import type { ToolCall } from './tool-call.ts';
import type { HealthStatus } from './tool-health.ts';

/** What every call of one executor shares. */
export interface CallRuntime {
  clock: Clock;
  events: EventHub;
  metrics: MetricsRecorder;
  random: () => number;
  userId: string | undefined;
  env: Readonly<Record<string, string>>;
  retry: Partial<RetryPolicy> | undefined;
  timeoutMs: number;
  /** The executor's timeout strategy and kill grace, with the limit on work never killed otherwise. */
  timeoutStrategy: TimeoutStrategySources & { lingerLimitMs?: number };
  /** Attempts whose work still runs after the executor stopped waiting. */
  lingering: LingeringWork;
  limits: ArgumentLimits;
  registry: ToolRegistry;
  health: ReadonlyMap<string, HealthStatus>;
  /** The executor-wide limit; undefined when unlimited. */
  slots: Semaphore | undefined;
  /**
   * Set while a call gives its slots back: when it ended. A queued call handed a slot in that moment
   * starts when the slot was freed, without reading the clock again (see CallRun.attemptsEnded).
   */
  freedAt: number | undefined;
}

/** One call as the executor received it, with what the run adds. */
export interface CallRequest {
  call: ToolCall;
  toolCallId: string;
  index: number;
  batchId?: string;
  signal?: AbortSignal;
  /** The batch's own limit, taken before the executor's. */
  batchSlots?: Semaphore;
  timeoutMs?: number;
  timeoutStrategy?: TimeoutStrategySources;
  /** Picks the version while a canary takes traffic; the call's id when absent. */
  routingKey?: string;
  /** When the batch queued its calls (all at once); a single call reads the clock itself. */
  queuedAt?: number;
}
