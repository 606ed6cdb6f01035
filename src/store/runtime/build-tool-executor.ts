// One place that turns the workspace into a ToolExecutor, so a run, Check health and Discover tools
// all see the same registry: every enabled, compiled tool; a canary deployed beside its frozen stable
// version with its share of traffic; a failing health check where an outage is simulated.
import { ToolExecutor, type ExecutorOptions, type Tool } from '../../core/index.ts';
import type { ToolCompilation } from '../compilation-slice.ts';
import { stableSnapshot } from '../../workspace/tool-versions.ts';
import type { ToolSource, ToolVersionSource, Workspace } from '../../workspace/workspace-schema.ts';
import type { CompileResult, ToolRuntime } from './tool-runtime.ts';

export const simulatedOutageDetail = 'Simulated outage (toggle in Settings)';

export interface ToolExecutorSetup {
  executor: ToolExecutor;
  /** Tool ids by the name each was registered under: the executor reports health and results by name. */
  toolIds: Map<string, string>;
  /** Canaries that could not be set up, in words (their newest version then serves every call). */
  warnings: string[];
}

interface WorkspaceView {
  workspace: Workspace;
  compilations: Record<string, ToolCompilation>;
}

function withSimulatedHealth(coreTool: Tool, tool: ToolSource): Tool {
  if (!tool.simulateUnhealthy) return coreTool;
  return { ...coreTool, healthCheck: () => ({ healthy: false, detail: simulatedOutageDetail }) };
}

/**
 * A frozen version compiled when it was the one in the editors, so a failure now is most likely the
 * sandbox restarting on a starved machine: it gets one more try. A throw counts as a failure, so a run
 * never hangs on it.
 */
async function compileFrozen(runtime: ToolRuntime, tool: ToolSource, version: ToolVersionSource): Promise<CompileResult> {
  let result: CompileResult = { ok: false, problems: [] };
  for (let attempt = 1; attempt <= 2 && !result.ok; attempt++) {
    try {
      result = (await runtime.compileVersion?.(tool, version)) ?? result;
    } catch (error) {
      result = {
        ok: false,
        problems: [
          { file: 'schema', line: 1, column: 1, message: `The sandbox failed: ${error instanceof Error ? error.message : String(error)}` },
        ],
      };
    }
  }
  return result;
}

/** Registers the frozen stable version and deploys `canary` beside it; false if that cannot be done. */
async function registerCanary(
  executor: ToolExecutor,
  runtime: ToolRuntime,
  tool: ToolSource,
  canary: Tool,
  warnings: string[],
): Promise<boolean> {
  const stable = stableSnapshot(tool);
  if (!stable || !tool.canary || !runtime.compileVersion || !runtime.toCoreToolVersion) return false;
  if (!canary.version || canary.version === stable.version) {
    warnings.push(`${tool.name}: the canary needs a version label other than ${stable.version}.`);
    return false;
  }
  const compiled = await compileFrozen(runtime, tool, stable);
  if (!compiled.ok) {
    warnings.push(
      `${tool.name} ${stable.version} does not compile (${compiled.problems[0]?.message ?? 'unknown problem'}); ${canary.version} serves every call.`,
    );
    return false;
  }
  executor.register(withSimulatedHealth(runtime.toCoreToolVersion(tool, stable, { parameters: compiled.parameters }), tool));
  executor.deploy(canary);
  if (tool.canary.traffic > 0) executor.setTraffic(tool.name, canary.version, tool.canary.traffic);
  return true;
}

/** Call after the enabled tools have compiled (compileTool): a tool without parameters is left out. */
export async function buildToolExecutor(
  { workspace, compilations }: WorkspaceView,
  runtime: ToolRuntime,
  options: ExecutorOptions,
): Promise<ToolExecutorSetup> {
  const executor = new ToolExecutor(options);
  const toolIds = new Map<string, string>();
  const warnings: string[] = [];
  for (const tool of workspace.tools) {
    const parameters = compilations[tool.id]?.parameters;
    if (!tool.enabled || !parameters) continue;
    const coreTool = withSimulatedHealth(runtime.toCoreTool(tool, { parameters }), tool);
    const deployed = tool.canary ? await registerCanary(executor, runtime, tool, coreTool, warnings) : false;
    if (!deployed) executor.register(coreTool);
    toolIds.set(tool.name, tool.id);
  }
  return { executor, toolIds, warnings };
}
