import { defaultArgumentLimits } from './arguments.ts';
import { CallRun } from './call-run.ts';
import type { CallRequest, CallRuntime } from './call-runtime.ts';
import { RealClock } from './clock.ts';
import { LexicalEmbedder } from './discovery/lexical-embedder.ts';
import { defaultDiscoveryLimit, ToolDiscovery, type DiscoveryMatch } from './discovery/tool-discovery.ts';
import { EventHub } from './events.ts';
import { randomId, uniqueIds } from './ids.ts';
import { MetricsRecorder } from './metrics.ts';
import { toPrometheus } from './prometheus.ts';
import { HealthMonitor } from './registry/health-monitor.ts';
import { RegistryEventHub } from './registry/registry-events.ts';
import type { RegistryListener, ToolVersionInfo, ToolVersionsChangeEvent, VersionTraffic } from './registry/registry-types.ts';
import { ToolRegistry } from './registry/tool-registry.ts';
import { Semaphore } from './semaphore.ts';
import { defaultTimeoutMs, LingeringWork, type TimeoutStrategySources } from './timeout-strategy.ts';
import type { ExecutorOptions } from './executor-options.ts';
import type { DiscoveryMetrics, MetricsSnapshot } from './metrics-snapshot.ts';
import type { Tool, ToolDefinition } from './tool.ts';
import type { ExecuteOptions, ToolCall } from './tool-call.ts';
import type { ToolHealth } from './tool-health.ts';
import type { ToolCallResult } from './tool-result.ts';
import type { ExecutorListener } from './event-types.ts';

/** Options of `getDefinitions` and `discover`. */
export interface DefinitionOptions {
  /** Show each tool as the version this key is routed to (see `ExecuteOptions.routingKey`). Default: stable versions. */
  routingKey?: string;
}

/**
 * Validates, runs and reports tool calls. `execute` and `executeBatch` never reject: every failure,
 * from an unknown tool to a hung one, comes back as a result the model can read.
 */
export class ToolExecutor {
  private readonly registry = new ToolRegistry();
  private readonly events = new EventHub();
  private readonly registryEvents = new RegistryEventHub();
  private readonly metrics = new MetricsRecorder();
  private readonly monitor: HealthMonitor;
  private readonly discovery: ToolDiscovery;
  private readonly runtime: CallRuntime;
  private idSequence = 0;

  constructor(options: ExecutorOptions = {}) {
    const concurrency = options.concurrency ?? Infinity;
    if (!(concurrency >= 1)) throw new RangeError(`concurrency must be at least 1, got ${concurrency}`);
    const random = options.random ?? Math.random;
    const clock = options.clock ?? new RealClock();
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    const env = Object.freeze({ ...options.env });
    this.monitor = new HealthMonitor({
      registry: this.registry,
      events: this.registryEvents,
      clock,
      env,
      timeoutMs: options.healthCheckTimeoutMs ?? timeoutMs,
    });
    this.discovery = new ToolDiscovery(options.embedder ?? new LexicalEmbedder());
    this.runtime = {
      clock,
      events: this.events,
      metrics: this.metrics,
      random,
      userId: options.userId,
      env,
      retry: options.retry,
      timeoutMs,
      timeoutStrategy: { strategy: options.timeoutStrategy, killGraceMs: options.killGraceMs, lingerLimitMs: options.lingerLimitMs },
      lingering: new LingeringWork(),
      limits: {
        maxLength: options.maxArgumentsLength ?? defaultArgumentLimits.maxLength,
        maxDepth: options.maxArgumentsDepth ?? defaultArgumentLimits.maxDepth,
      },
      registry: this.registry,
      health: this.monitor.health,
      slots: Number.isFinite(concurrency) ? new Semaphore(Math.floor(concurrency)) : undefined,
      freedAt: undefined,
    };
  }

  /** Registering a name twice is a programming error, so it throws instead of silently replacing. */
  register(tool: Tool): this {
    this.registry.register(tool, this.runtime.clock.now());
    return this;
  }

  unregister(name: string): boolean {
    this.monitor.forget(name);
    return this.registry.unregister(name);
  }

  /** The stable version of the tool. */
  getTool(name: string): Tool | undefined {
    return this.registry.get(name);
  }

  /** What to offer the model: registered tools, minus those the last health check found unhealthy. */
  getDefinitions(options: DefinitionOptions = {}): ToolDefinition[] {
    const routingKey = options?.routingKey;
    const definitions: ToolDefinition[] = [];
    for (const name of this.registry.names()) {
      if (this.monitor.health.get(name)?.healthy === false) continue;
      const tool = routingKey === undefined ? this.registry.get(name) : this.registry.route(name, routingKey);
      // Stryker disable next-line ConditionalExpression: names() lists only registered names, each with a stable version.
      if (tool) definitions.push({ name: tool.name, description: tool.description, parameters: tool.parameters });
    }
    return definitions;
  }

  /**
   * The `limit` offered tools most relevant to `query` (cosine similarity of embeddings of the query and
   * of each tool's name, description and parameters), best first, ties by name. Unhealthy tools are never
   * found. Rejects only if a custom embedder fails (the default one cannot).
   */
  discover(query: string, limit = defaultDiscoveryLimit, options: DefinitionOptions = {}): Promise<DiscoveryMatch[]> {
    return this.discovery.rank(query, this.getDefinitions(options), limit);
  }

  /**
   * Counts the model's calls of a turn in which discovery chose the tools: each called name is a hit if it
   * was offered, a miss if not (`agent_tool_discovery_hits_total{matched}`).
   */
  recordDiscovery(offeredNames: readonly string[], calledNames: readonly string[]): DiscoveryMetrics {
    const offered = new Set(offeredNames);
    const counts = { hits: 0, misses: 0 };
    for (const name of calledNames) {
      if (offered.has(name)) counts.hits++;
      else counts.misses++;
    }
    this.metrics.discovery.hits += counts.hits;
    this.metrics.discovery.misses += counts.misses;
    return counts;
  }

  /**
   * Adds `tool` as a new version of its name, at 0% of the traffic; a name not registered yet is
   * registered (100%). The version label is `tool.version`, which must be new for that name.
   */
  deploy(tool: Tool): this {
    const known = this.registry.has(tool.name);
    this.registry.deploy(tool, this.runtime.clock.now());
    if (known) this.reportVersions(tool.name, 'deploy');
    return this;
  }

  /** Gives `version` the share `ratio` (0..1) of the tool's calls, the other active version the rest. See docs/adr/0003. */
  setTraffic(name: string, version: string, ratio: number): void {
    this.registry.versionsOf(name).setTraffic(version, ratio);
    this.reportVersions(name, 'set-traffic');
  }

  /** Sends all traffic back to the previous version. False when there is nothing to roll back. */
  rollback(name: string): boolean {
    const rolledBack = this.registry.versionsOf(name).rollback();
    if (rolledBack) this.reportVersions(name, 'rollback');
    return rolledBack;
  }

  /** Every deployed version with its share of traffic, in deployment order; `[]` for an unknown name. */
  getVersions(name: string): ToolVersionInfo[] {
    return this.registry.listVersions(name);
  }

  /** Whether `rollback(name)` would change anything. */
  canRollBack(name: string): boolean {
    return this.registry.versionsOf(name).canRollBack;
  }

  /** The tool's split of traffic, in the form `restoreTraffic` takes (what an app saves). */
  getTraffic(name: string): VersionTraffic {
    return this.registry.versionsOf(name).traffic();
  }

  /** Puts back a split saved from `getTraffic`; its stable and canary versions must be deployed. */
  restoreTraffic(name: string, traffic: VersionTraffic): void {
    this.registry.versionsOf(name).restoreTraffic(traffic);
    this.reportVersions(name, 'restore');
  }

  execute(call: ToolCall, options: ExecuteOptions = {}): Promise<ToolCallResult> {
    const id = idOf(call) ?? this.newId('call');
    const request: CallRequest = {
      call,
      toolCallId: id,
      index: 0,
      signal: options?.signal,
      timeoutMs: options?.timeoutMs,
      timeoutStrategy: strategyOf(options),
      routingKey: routingKeyOf(options),
    };
    return new Promise((resolve) => new CallRun(this.runtime, request, resolve).start());
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
    const batchSlots = Number.isFinite(limit) ? new Semaphore(Math.max(1, Math.floor(limit as number))) : undefined;
    const routingKey = routingKeyOf(options);
    const timeoutStrategy = strategyOf(options);
    const queuedAt = this.runtime.clock.now();
    // Every call is queued synchronously here, so FIFO order equals call order. One promise for the
    // batch, not one per call gathered by Promise.all (docs/adr/0021).
    return new Promise((resolve) => {
      const results: ToolCallResult[] = new Array(list.length);
      let pending = list.length;
      if (pending === 0) resolve(results);
      const ended = (result: ToolCallResult, index: number): void => {
        results[index] = result;
        if (--pending === 0) resolve(results);
      };
      list.forEach((call, index) =>
        new CallRun(
          this.runtime,
          {
            call,
            toolCallId: ids[index] as string,
            index,
            batchId,
            signal: options.signal,
            batchSlots,
            timeoutMs: options.timeoutMs,
            timeoutStrategy,
            routingKey,
            queuedAt,
          },
          ended,
        ).start(),
      );
    });
  }

  on(listener: ExecutorListener): () => void {
    return this.events.on(listener);
  }

  /** Changes of a tool's health or versions (for status dots and the versions view), apart from call events. */
  onRegistryEvent(listener: RegistryListener): () => void {
    return this.registryEvents.on(listener);
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
   * Runs every tool's health check, each bounded by `healthCheckTimeoutMs` (default: the executor's
   * timeout). Calls to a tool found unhealthy fail with `unavailable` without running, and it is left out
   * of `getDefinitions()` and `discover()`, until a later check finds it healthy again.
   */
  checkHealth(options: { timeoutMs?: number } = {}): Promise<Record<string, ToolHealth>> {
    return this.monitor.checkAll(options?.timeoutMs);
  }

  /** Checks health now and every `intervalMs` on the executor's clock until the returned function is called. */
  startHealthChecks(intervalMs: number, options: { timeoutMs?: number } = {}): () => void {
    return this.monitor.start(intervalMs, options?.timeoutMs);
  }

  /** Attempts whose work still runs after the executor stopped waiting for it (see TimeoutStrategy). */
  get lingeringWork(): number {
    return this.runtime.lingering.size;
  }

  /**
   * Resolves once no attempt's work lingers: every late settle or kill has been reported. A caller that
   * wants those events keeps listening until then.
   */
  whenWorkSettled(): Promise<void> {
    return this.runtime.lingering.whenSettled();
  }

  getHealth(): Record<string, ToolHealth> {
    return Object.fromEntries(this.monitor.health);
  }

  private reportVersions(name: string, change: ToolVersionsChangeEvent['change']): void {
    this.registryEvents.emit({
      type: 'tool-versions-change',
      time: this.runtime.clock.now(),
      name,
      change,
      versions: this.registry.listVersions(name),
    });
  }

  private newId(prefix: string): string {
    return randomId(prefix, this.runtime.random, this.idSequence++);
  }
}

function idOf(call: unknown): string | undefined {
  let id: unknown;
  try {
    id = (call as { id?: unknown }).id;
  } catch {
    // A null call, or a getter that throws: the call has no id we can use.
  }
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function strategyOf(options: ExecuteOptions | null | undefined): TimeoutStrategySources | undefined {
  if (options?.timeoutStrategy === undefined && options?.killGraceMs === undefined) return undefined;
  return { strategy: options.timeoutStrategy, killGraceMs: options.killGraceMs };
}

function routingKeyOf(options: ExecuteOptions | null | undefined): string | undefined {
  const key = options?.routingKey;
  return typeof key === 'string' && key !== '' ? key : undefined;
}
