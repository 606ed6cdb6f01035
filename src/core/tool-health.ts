// A tool's health: what its check is given, what it may answer, what the executor keeps.

/** What a health check answers. `detail` and `message` are the same text (`message` is the older name). */
export interface HealthStatus {
  healthy: boolean;
  detail?: string;
  message?: string;
  /** Clock time at which the check finished; set by the executor on what it reports. */
  checkedAt?: number;
}

/**
 * What a tool's `healthCheck` may answer: a status, or a bare boolean (`true` = healthy), as checks
 * written as `health_check() -> bool` do.
 */
export type HealthAnswer = HealthStatus | boolean;

/** The health of a tool as the executor last found it. */
export interface ToolHealth extends HealthStatus {
  checkedAt: number;
}

export interface HealthCheckContext {
  /** Aborts when the check's timeout passes (or periodic checks stop). Pass it on to fetch. */
  signal: AbortSignal;
  /** Sleeps on the executor's clock; rejects when `signal` aborts. */
  sleep(ms: number): Promise<void>;
  env: Readonly<Record<string, string>>;
}
