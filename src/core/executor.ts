import { defaultArgumentLimits } from './arguments.ts';
import { CallRun } from './call-run.ts';
import type { CallRequest, CallRuntime } from './call-runtime.ts';
import { RealClock } from './clock.ts';
import { assertToolName } from './define-tool.ts';
import { DuplicateToolError, messageOf } from './errors.ts';
import { EventHub } from './events.ts';
import { randomId, uniqueIds } from './ids.ts';
import { MetricsRecorder } from './metrics.ts';
import { toPrometheus } from './prometheus.ts';
import { Semaphore } from './semaphore.ts';
import type { ExecuteOptions, ExecutorListener, ExecutorOptions, HealthStatus, MetricsSnapshot, Tool, ToolCall, ToolCallResult, ToolDefinition } from './types.ts';

export const defaultTimeoutMs = 10_000;

/**
 * Validates, runs and reports tool calls. `execute` and `executeBatch` never reject: every failure,
 * from an unknown tool to a hung one, comes back as a result the model can read.
 */
export class ToolExecutor {
  private readonly tools = new Map<string, Tool>();
  private readonly health = new Map<string, HealthStatus>();
  private readonly events = new EventHub();
  private readonly metrics = new MetricsRecorder();
  private readonly runtime: CallRuntime;
  private idSequence = 0;

  constructor(options: ExecutorOptions = {}) {
    const concurrency = options.concurrency ?? Infinity;
    if (!(concurrency >= 1)) throw new RangeError(`concurrency must be at least 1, got ${concurrency}`);
    const random = options.random ?? Math.random;
    this.runtime = {
      clock: options.clock ?? new RealClock(),
      events: this.events,
      metrics: this.metrics,
      random,
      userId: options.userId,
      env: Object.freeze({ ...options.env }),
      retry: options.retry,
      timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
      limits: {
        maxLength: options.maxArgumentsLength ?? defaultArgumentLimits.maxLength,
        maxDepth: options.maxArgumentsDepth ?? defaultArgumentLimits.maxDepth,
      },
      tools: this.tools,
      health: this.health,
      slots: Number.isFinite(concurrency) ? new Semaphore(Math.floor(concurrency)) : undefined,
    };
  }

  /** Registering a name twice is a programming error, so it throws instead of silently replacing. */
  register(tool: Tool): this {
    assertToolName(tool.name);
    if (this.tools.has(tool.name)) throw new DuplicateToolError(tool.name);
    this.tools.set(tool.name, tool);
    return this;
  }

  unregister(name: string): boolean {
    this.health.delete(name);
    return this.tools.delete(name);
  }

  getTool(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  /** What to offer the model: registered tools, minus those the last health check found unhealthy. */
  getDefinitions(): ToolDefinition[] {
    return [...this.tools.values()]
      .filter((tool) => this.health.get(tool.name)?.healthy !== false)
      .map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters }));
  }

  execute(call: ToolCall, options: ExecuteOptions = {}): Promise<ToolCallResult> {
    const id = idOf(call) ?? this.newId('call');
    return this.runSafely({ call, toolCallId: id, index: 0, signal: options?.signal, timeoutMs: options?.timeoutMs });
  }

  /** Runs the calls in parallel (within the limits) and returns their results in call order. */
  executeBatch(calls: readonly ToolCall[], options: ExecuteOptions = {}): Promise<ToolCallResult[]> {
    const list = Array.isArray(calls) ? calls : [];
    options ??= {};
    const batchId = this.newId('batch');
    const ids = uniqueIds(
      list.map((call) => idOf(call)),
      () => this.newId('call'),
    );
    const limit = options.concurrency;
    const batchSlots = limit !== undefined && Number.isFinite(limit) ? new Semaphore(Math.max(1, Math.floor(limit))) : undefined;
    // Every call is queued synchronously here, so FIFO order equals call order.
    return Promise.all(
      list.map((call, index) =>
        this.runSafely({ call, toolCallId: ids[index] as string, index, batchId, signal: options.signal, batchSlots, timeoutMs: options.timeoutMs }),
      ),
    );
  }

  on(listener: ExecutorListener): () => void {
    return this.events.on(listener);
  }

  /** Errors thrown by event listeners (they never break a run). */
  getListenerErrors(): readonly unknown[] {
    return this.events.listenerErrors();
  }

  getMetrics(): MetricsSnapshot {
    return this.metrics.snapshot();
  }

  toPrometheus(): string {
    return toPrometheus(this.metrics);
  }

  /**
   * Runs every tool's health check (bounded by the executor's timeout). Calls to a tool found unhealthy
   * fail with `unavailable` without running, and it is left out of `getDefinitions()`, until a later
   * check finds it healthy again.
   */
  async checkHealth(): Promise<Record<string, HealthStatus>> {
    const report: Record<string, HealthStatus> = {};
    await Promise.all(
      [...this.tools.values()].map(async (tool) => {
        if (!tool.healthCheck) return;
        const status = await this.runHealthCheck(tool);
        if (this.tools.get(tool.name) !== tool) return;
        this.health.set(tool.name, status);
        report[tool.name] = status;
      }),
    );
    return report;
  }

  getHealth(): Record<string, HealthStatus> {
    return Object.fromEntries(this.health);
  }

  private async runHealthCheck(tool: Tool): Promise<HealthStatus> {
    const { clock, timeoutMs } = this.runtime;
    const timer = new AbortController();
    try {
      const timeout = clock.sleep(timeoutMs, timer.signal).then(
        (): HealthStatus => ({ healthy: false, message: `health check timed out after ${timeoutMs} ms` }),
        // Cancelled once the check answered; the race is decided by then.
        (): HealthStatus => ({ healthy: false }),
      );
      const check = Promise.resolve().then(() => (tool.healthCheck as () => HealthStatus | Promise<HealthStatus>)());
      const status = await Promise.race([check, timeout]);
      return { healthy: status?.healthy === true, ...(status?.message === undefined ? {} : { message: status.message }) };
    } catch (error) {
      return { healthy: false, message: `health check failed: ${messageOf(error)}` };
    } finally {
      timer.abort();
    }
  }

  private newId(prefix: string): string {
    return randomId(prefix, this.runtime.random, this.idSequence++);
  }

  private async runSafely(request: CallRequest): Promise<ToolCallResult> {
    const run = new CallRun(this.runtime, request);
    try {
      return await run.run();
    } catch (error) {
      // CallRun turns every failure into a value; this guards the promise "never rejects" against bugs.
      return run.fail({ kind: 'execution_error', message: `Internal executor error: ${messageOf(error)}`, retryable: false }, undefined);
    }
  }
}

function idOf(call: unknown): string | undefined {
  try {
    const id = (call as { id?: unknown } | null | undefined)?.id;
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch {
    return undefined;
  }
}
