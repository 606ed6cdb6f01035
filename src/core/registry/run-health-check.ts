import { messageOf } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Tool } from '../tool.ts';
import type { HealthAnswer, HealthCheckContext, HealthStatus, ToolHealth } from '../tool-health.ts';

export interface HealthCheckSettings {
  clock: Clock;
  timeoutMs: number;
  env: Readonly<Record<string, string>>;
}

function health(healthy: boolean, text: unknown, checkedAt: number): ToolHealth {
  // `message` is kept next to `detail` for readers written before `detail` existed.
  return typeof text === 'string' ? { healthy, detail: text, message: text, checkedAt } : { healthy, checkedAt };
}

/** A bare boolean is the whole answer (`true` = healthy); anything else is read as a HealthStatus. */
function asStatus(answer: HealthAnswer | undefined): HealthStatus | undefined {
  return typeof answer === 'boolean' ? { healthy: answer } : answer;
}

/**
 * Runs one tool's health check within `timeoutMs`. Like a call, a check never rejects: a throw, a
 * timeout or a malformed answer all mean unhealthy, with the reason as `detail`. At the deadline the
 * context's signal aborts, so a check that passes it on to fetch stops its request.
 */
export async function runHealthCheck(tool: Tool, settings: HealthCheckSettings): Promise<ToolHealth> {
  const { clock, timeoutMs, env } = settings;
  const check = tool.healthCheck;
  if (!check) return health(true, undefined, clock.now());
  const controller = new AbortController();
  const timer = new AbortController();
  const context: HealthCheckContext = { signal: controller.signal, sleep: (ms) => clock.sleep(ms, controller.signal), env };
  try {
    const timeout = clock.sleep(timeoutMs, timer.signal).then(
      (): HealthStatus => {
        controller.abort(new DOMException(`The health check of "${tool.name}" timed out after ${timeoutMs} ms`, 'TimeoutError'));
        return { healthy: false, message: `health check timed out after ${timeoutMs} ms` };
      },
      // Cancelled once the check answered: the race is decided by then and this value is never read.
      () => undefined,
    );
    const answer = Promise.resolve().then(() => check.call(tool, context));
    const status = asStatus(await Promise.race([answer, timeout]));
    return health(status?.healthy === true, status?.detail ?? status?.message, clock.now());
  } catch (error) {
    return health(false, `health check failed: ${messageOf(error)}`, clock.now());
  } finally {
    timer.abort();
  }
}
