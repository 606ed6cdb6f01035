import type { Clock } from '../clock.ts';
import type { Tool } from '../tool.ts';
import type { ToolHealth } from '../tool-health.ts';
import type { RegistryEventHub } from './registry-events.ts';
import { runHealthCheck } from './run-health-check.ts';
import type { ToolRegistry } from './tool-registry.ts';

export interface HealthMonitorOptions {
  registry: ToolRegistry;
  events: RegistryEventHub;
  clock: Clock;
  timeoutMs: number;
  env: Readonly<Record<string, string>>;
}

/**
 * Keeps the last health found per tool name. The executor reads it on every call (an unhealthy tool's
 * calls end as `unavailable`) and when listing definitions (unhealthy tools are not offered).
 */
export class HealthMonitor {
  readonly health = new Map<string, ToolHealth>();
  private periodic: AbortController | undefined;

  constructor(private readonly options: HealthMonitorOptions) {}

  /** Checks the serving (stable) version of every tool that has a health check, all at once. */
  async checkAll(timeoutMs = this.options.timeoutMs): Promise<Record<string, ToolHealth>> {
    const { registry, clock, env } = this.options;
    const found = await Promise.all(
      registry.names().map(async (name) => {
        // Read in the same tick as names(), so every name still has its tool.
        const tool = registry.get(name) as Tool;
        if (!tool.healthCheck) return undefined;
        const status = await runHealthCheck(tool, { clock, timeoutMs, env });
        // Unregistered, or replaced by a promotion or rollback, while the check ran: its answer is stale.
        if (registry.get(name) !== tool) return undefined;
        this.update(name, status);
        return [name, status] as const;
      }),
    );
    return Object.fromEntries(found.filter((entry) => entry !== undefined));
  }

  /**
   * Checks now and then every `intervalMs` on the executor's clock (a virtual clock drives it in tests).
   * One schedule per executor: starting again replaces the previous one. Stopping cancels the wait; a
   * check already running still finishes and records its answer.
   */
  start(intervalMs: number, timeoutMs?: number): () => void {
    if (!(intervalMs > 0) || !Number.isFinite(intervalMs))
      throw new RangeError(`The health check interval must be a positive number of ms, got ${intervalMs}`);
    this.periodic?.abort();
    const controller = new AbortController();
    this.periodic = controller;
    const loop = async (): Promise<void> => {
      while (!controller.signal.aborted) {
        await this.checkAll(timeoutMs);
        // Rejects only when stopped, which the loop's condition then sees.
        await this.options.clock.sleep(intervalMs, controller.signal).catch(() => undefined);
      }
    };
    void loop();
    // Stopping leaves `periodic` pointing at an aborted controller; aborting it again on the next start is harmless.
    return () => controller.abort();
  }

  forget(name: string): void {
    this.health.delete(name);
  }

  private update(name: string, status: ToolHealth): void {
    const previous = this.health.get(name);
    this.health.set(name, status);
    if (previous?.healthy === status.healthy) return;
    this.options.events.emit({
      type: 'tool-health-change',
      time: status.checkedAt,
      name,
      healthy: status.healthy,
      ...(status.detail === undefined ? {} : { detail: status.detail }),
      ...(previous === undefined ? {} : { previouslyHealthy: previous.healthy }),
    });
  }
}
