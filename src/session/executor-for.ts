// The one place that turns the workspace into a configured ToolExecutor. A conversation, a scenario, a
// test call, a Compare variant, Check health and Discover tools all come through here, so they see the
// same registry (every enabled, compiled tool; a canary beside its frozen stable version with its share
// of traffic; a failing health check where an outage is simulated) under the same settings (concurrency,
// timeout, retries, clock). Connected MCP servers' tools come in the view and are registered beside them.
import { messageOf, ToolExecutor, type Clock, type RetryPolicy, type TimeoutStrategy, type Tool } from '../core/index.ts';
import { withFaults } from '../faults/index.ts';
import { currentVersionLabel, versionSources, versionsOf } from '../workspace/saved-versions.ts';
import type { ToolSource, ToolVersionSource } from '../workspace/workspace-schema.ts';
import type { CompileResult, ToolRuntime } from './runtime/tool-runtime.ts';
import type { RemoteToolView, WorkspaceView } from './workspace-view.ts';
import { whereSourceErrors } from './source-error-summary.ts';
import { compileRetryingSandboxFailures } from './compile/compile-retry.ts';

export const simulatedOutageDetail = 'Simulated outage (toggle in Settings)';

export interface ExecutorRequest {
  view: WorkspaceView;
  /** The settings in force: the workspace's, or a Compare variant's. A null concurrency is unlimited. */
  settings: {
    concurrency: number | null;
    timeoutMs: number;
    retry: Partial<RetryPolicy>;
    timeoutStrategy?: TimeoutStrategy | undefined;
    killGraceMs?: number | undefined;
  };
  clock: Clock;
  /** Jitter source; seeded where a run must replay exactly (Compare). */
  random?: () => number;
  /**
   * A test call: only this tool, enabled or not, at the version in the editors (a test call tries what
   * you are looking at; canary routing is for the model's traffic).
   */
  onlyToolId?: string;
  /** Wraps each tool before it is registered (Compare counts the work in flight this way). */
  wrapTool?: (tool: Tool) => Tool;
}

export interface ExecutorSetup {
  executor: ToolExecutor;
  /** Tool ids by the name each was registered under: the executor reports health and results by name. */
  toolIds: Map<string, string>;
  /** What could not be set up as asked, in words (a canary, a tool of a duplicate name). */
  warnings: string[];
}

/** A workspace tool's injected faults (issue 19), seeded by the workspace; MCP tools get theirs in registerRemoteTools. */
export function withInjectedFaults(coreTool: Tool, tool: ToolSource, view: WorkspaceView): Tool {
  return withFaults(coreTool, tool.faults, view.workspace.settings.faultSeed ?? 1);
}

function withSimulatedHealth(coreTool: Tool, tool: ToolSource): Tool {
  if (!tool.simulateUnhealthy) return coreTool;
  return { ...coreTool, healthCheck: () => ({ healthy: false, detail: simulatedOutageDetail }) };
}

/**
 * A frozen version compiled when it was the one in the editors, so a failure now is most likely the
 * sandbox restarting on a starved machine: a failure of the sandbox gets one more try.
 */
function compileFrozen(runtime: ToolRuntime, tool: ToolSource, version: ToolVersionSource): Promise<CompileResult> {
  const compileVersion = runtime.compileVersion?.bind(runtime);
  if (!compileVersion) return Promise.resolve({ ok: false, kind: 'source', problems: [] });
  return compileRetryingSandboxFailures(() => compileVersion(tool, version));
}

/**
 * Registers the versions a run can serve (stable, canary, and the last replaced stable so a live Rollback
 * can go back to it) in deployment order, and restores the saved split: the executor then routes as the
 * Versions tab shows. False when only the editors' version serves (nothing else to set up, or it failed).
 */
async function registerVersions(
  executor: ToolExecutor,
  runtime: ToolRuntime,
  tool: ToolSource,
  inEditors: Tool,
  wrap: (tool: Tool) => Tool,
  warnings: string[],
): Promise<boolean> {
  const traffic = versionsOf(tool).traffic();
  const editorsLabel = currentVersionLabel(tool);
  const wanted = new Set([traffic.stable, traffic.canary?.version, traffic.replaced.at(-1)].filter((label) => label !== undefined));
  if (wanted.size === 1 && wanted.has(editorsLabel)) return false;
  if (!runtime.compileVersion || !runtime.toCoreToolVersion) return false;
  const available: Tool[] = [];
  const failures = new Map<string, string>();
  for (const source of versionSources(tool)) {
    if (!wanted.has(source.version)) continue;
    if (source.version === editorsLabel) {
      available.push({ ...inEditors, version: editorsLabel });
      continue;
    }
    const frozen = {
      version: source.version,
      schemaSource: source.schemaSource,
      codeSource: source.codeSource,
      frozenAt: source.frozenAt ?? '',
    };
    const compiled = await compileFrozen(runtime, tool, frozen);
    if (compiled.ok)
      available.push(wrap(withSimulatedHealth(runtime.toCoreToolVersion(tool, frozen, { parameters: compiled.parameters }), tool)));
    else failures.set(source.version, compiled.problems[0]?.message ?? 'unknown problem');
  }
  const stableFailure = failures.get(traffic.stable);
  if (stableFailure !== undefined) {
    warnings.push(`${tool.name} ${traffic.stable} does not compile (${stableFailure}); ${editorsLabel} serves every call.`);
    return false;
  }
  for (const [label, problem] of failures)
    warnings.push(`${tool.name} ${label} does not compile (${problem}); it is left out of this run.`);
  const labels = new Set(available.map((entry) => entry.version));
  const [first, ...rest] = available;
  if (!first) return false;
  executor.register(first);
  for (const entry of rest) executor.deploy(entry);
  const canary = traffic.canary && labels.has(traffic.canary.version) ? traffic.canary : null;
  executor.restoreTraffic(tool.name, { ...traffic, canary });
  return true;
}

/** Call once the tools have compiled (WorkspaceSource.ready): a tool without parameters is left out. */
export async function executorFor(runtime: ToolRuntime, request: ExecutorRequest): Promise<ExecutorSetup> {
  const { view, settings, onlyToolId } = request;
  const wrapRequested = request.wrapTool ?? ((tool: Tool) => tool);
  // Faults go innermost: Compare's wrapper then sees an injected delay as the tool's own time.
  const wrapFor = (source: ToolSource) => (coreTool: Tool) => wrapRequested(withInjectedFaults(coreTool, source, view));
  const executor = new ToolExecutor({
    clock: request.clock,
    timeoutMs: settings.timeoutMs,
    retry: settings.retry,
    ...(settings.timeoutStrategy === undefined ? {} : { timeoutStrategy: settings.timeoutStrategy }),
    ...(settings.killGraceMs === undefined ? {} : { killGraceMs: settings.killGraceMs }),
    concurrency: settings.concurrency ?? Infinity,
    ...(request.random ? { random: request.random } : {}),
  });
  const toolIds = new Map<string, string>();
  const warnings: string[] = [];
  for (const tool of view.workspace.tools) {
    const parameters = view.compilations[tool.id]?.parameters;
    if (onlyToolId ? tool.id !== onlyToolId : !tool.enabled) continue;
    if (!parameters) continue;
    // A broken edit never takes a working tool away from a run, but the run must not hide that the code it
    // runs is not the code on screen (issue 12). A test call asks first; it passes onlyToolId.
    const compilation = view.compilations[tool.id];
    const where = compilation?.status === 'errors' && !onlyToolId ? whereSourceErrors(compilation.problems) : null;
    if (where) warnings.push(`${tool.name} runs its last good version in this run: ${where}.`);
    // Loading repairs duplicates, but an edit can make one for a moment: the run goes on without it.
    if (toolIds.has(tool.name)) {
      warnings.push(`Two tools are named "${tool.name}": only the first one is in this run. Rename the other.`);
      continue;
    }
    try {
      const wrap = wrapFor(tool);
      const coreTool = wrap(withSimulatedHealth(runtime.toCoreTool(tool, { parameters }), tool));
      const deployed = onlyToolId ? false : await registerVersions(executor, runtime, tool, coreTool, wrap, warnings);
      if (!deployed) executor.register(coreTool);
      toolIds.set(tool.name, tool.id);
    } catch (error) {
      warnings.push(`${tool.name} is left out of this run: ${messageOf(error)}`);
    }
  }
  // An MCP tool gets its own faults (saved with its server), never those of a workspace tool of its name.
  const wrapRemote = (remote: RemoteToolView, coreTool: Tool) =>
    wrapRequested(remote.faults ? withFaults(coreTool, remote.faults, view.workspace.settings.faultSeed ?? 1) : coreTool);
  registerRemoteTools(executor, request, toolIds, warnings, wrapRemote);
  return { executor, toolIds, warnings };
}

/** MCP servers' tools, after the workspace's: on a name clash the workspace's tool keeps the name. */
function registerRemoteTools(
  executor: ToolExecutor,
  request: ExecutorRequest,
  toolIds: Map<string, string>,
  warnings: string[],
  wrap: (remote: RemoteToolView, tool: Tool) => Tool,
): void {
  for (const remote of request.view.remoteTools ?? []) {
    if (request.onlyToolId ? remote.id !== request.onlyToolId : !remote.enabled) continue;
    if (!remote.tool) {
      if (request.onlyToolId) warnings.push(`This tool cannot run: ${remote.problem ?? 'it is not available'}.`);
      continue;
    }
    if (toolIds.has(remote.tool.name)) {
      warnings.push(`${remote.source} has a tool named "${remote.tool.name}" too: only the first one is in this run.`);
      continue;
    }
    try {
      executor.register(wrap(remote, remote.tool));
      toolIds.set(remote.tool.name, remote.id);
    } catch (error) {
      warnings.push(`${remote.tool.name} (${remote.source}) is left out of this run: ${messageOf(error)}`);
    }
  }
}
