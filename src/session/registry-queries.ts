// The registry apart from runs: Check health and Discover tools. Both build their executor as a run
// does (executorFor), so they see what a run would see. Neither ever rejects.
import { messageOf, type ToolHealth, type Result } from '../core/index.ts';
import { executorFor, type ExecutorSetup } from './executor-for.ts';
import type { SessionDependencies } from './session-dependencies.ts';
import type { WorkspaceView } from './workspace-view.ts';

export interface HealthReport {
  /** By tool name; tools without a health check are healthy. */
  health: Record<string, ToolHealth>;
  /** Tool ids by name, to file the answers under the workspace's tools. */
  toolIds: ReadonlyMap<string, string>;
}

export interface DiscoveredTool {
  name: string;
  /** Cosine similarity of the query and the tool's text, 0..1. */
  score: number;
}

export interface DiscoveryReport extends HealthReport {
  matches: DiscoveredTool[];
  /** Enabled tools not ranked because they have not compiled yet (discovery does not wait for them). */
  compiling: number;
}

export type QueryResult<Report> = Result<{ report: Report; warnings: string[] }, { error: string }>;

async function healthOf(dependencies: SessionDependencies, view: WorkspaceView): Promise<{ setup: ExecutorSetup; report: HealthReport }> {
  const { settings } = view.workspace;
  const setup = await executorFor(dependencies.runtime, { view, settings, clock: dependencies.createClock(settings.speed) });
  return { setup, report: { health: await setup.executor.checkHealth(), toolIds: setup.toolIds } };
}

/** Waits for the enabled tools to compile, as a run does, then checks every tool's health. */
export async function checkHealth(dependencies: SessionDependencies): Promise<QueryResult<HealthReport>> {
  try {
    const { setup, report } = await healthOf(dependencies, await dependencies.workspace.ready());
    return { ok: true, report, warnings: setup.warnings };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/**
 * Ranks the healthy tools compiled so far for `query` (a search as you type does not wait for start-up
 * compiles, which take seconds); unhealthy tools are left out, as they are out of a run.
 */
export async function discoverTools(
  dependencies: SessionDependencies,
  query: string,
  limit: number,
): Promise<QueryResult<DiscoveryReport>> {
  try {
    const view = await dependencies.workspace.readyNow();
    const { setup, report } = await healthOf(dependencies, view);
    const matches = await setup.executor.discover(query, limit);
    const compiling = view.workspace.tools.filter((tool) => tool.enabled && !setup.toolIds.has(tool.name)).length;
    return {
      ok: true,
      report: { ...report, matches: matches.map((match) => ({ name: match.definition.name, score: match.score })), compiling },
      warnings: setup.warnings,
    };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}
