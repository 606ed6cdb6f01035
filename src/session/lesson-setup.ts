// A lesson's scenario may set up what it needs (its `prepare`: a tool's next version on a canary share, an
// outage, discovery of the top k tools), for its own run only. The run's workspace is the person's with the
// setup on top, built here when the run starts; the person's workspace is never written, so however the
// run ends (finished, stopped, failed, or the page reloaded in the middle) nothing of it is left behind.
// Keeping a setup is the person's choice, made afterwards (store: the lesson's "Keep v2").
import { messageOf } from '../core/index.ts';
import { parseScenario, type Scenario } from '../llm/index.ts';
import { currentVersionLabel } from '../workspace/saved-versions.ts';
import { prepareWorkspace } from '../workspace/scenario-preparation.ts';
import type { RunSettings, ToolSource, ToolVersionSource } from '../workspace/workspace-schema.ts';
import type { RunToolOptions, ToolRuntime } from './runtime/tool-runtime.ts';
import type { ToolCompilationView, WorkspaceView } from './workspace-view.ts';

export interface LessonSetup {
  /** What the setup does for this run, in words. */
  changes: string[];
  /** What could not be set up as the scenario asks, in words. */
  problems: string[];
  /** The tools the setup changed, as this run has them. */
  tools: ToolSource[];
  /** The run settings this run has. */
  settings: RunSettings;
}

export interface RunWorkspace {
  view: WorkspaceView;
  /** Runs the lesson's sources where they differ from the person's; the person's runtime otherwise. */
  runtime: ToolRuntime;
  /** Null when the scenario sets nothing up. */
  lesson: LessonSetup | null;
}

/** The workspace a scenario's run sees: `view` with the scenario's setup, if it has one. */
export async function runWorkspace(
  runtime: ToolRuntime,
  view: WorkspaceView,
  scenarioSource: string | null,
  now: Date,
  /** What the setup waits for, in words (null once it waits no more): Python loading takes seconds. */
  onPreparing: (status: string | null) => void = () => undefined,
): Promise<RunWorkspace> {
  const parsed = scenarioSource === null ? null : parseScenario(scenarioSource);
  const prepare = parsed?.ok ? parsed.scenario.prepare : undefined;
  const prepared = prepareWorkspace(view.workspace, prepare, now);
  const before = new Map(view.workspace.tools.map((tool) => [tool.id, tool]));
  const changedTools = prepared.workspace.tools.filter((tool) => before.get(tool.id) !== tool);
  const lesson =
    prepared.changes.length > 0 || prepared.problems.length > 0
      ? { changes: prepared.changes, problems: prepared.problems, tools: changedTools, settings: prepared.workspace.settings }
      : null;
  if (prepared.workspace === view.workspace) return { view, runtime, lesson };
  // The store compiled the person's sources; a tool whose sources the setup changed (a released version)
  // or added (a sample) is compiled here, as a version of its own, so the person's working copy in the
  // sandbox is untouched.
  const newSources = changedTools.filter((tool) => {
    const theirs = before.get(tool.id);
    return !theirs || theirs.schemaSource !== tool.schemaSource || theirs.codeSource !== tool.codeSource;
  });
  const compilations: Record<string, ToolCompilationView | undefined> = { ...view.compilations };
  for (const tool of newSources) {
    if (tool.language === 'python') onPreparing(`Loading Python for ${tool.name}…`);
    const compiled = await compileAsVersion(runtime, tool);
    compilations[tool.id] = compiled;
    // An added sample's first batch should not spend its calls' deadlines on booting their workers: each
    // attempt of a Python call takes an interpreter nobody used (ADR 0018), so its retries need some too.
    if (compiled.parameters && !before.has(tool.id) && parsed?.ok) {
      const attempts = tool.idempotent ? (tool.retry?.maxAttempts ?? view.workspace.settings.retry.maxAttempts) : 1;
      const calls = mostCallsInOneTurn(parsed.scenario, tool.name) * attempts;
      if (tool.language === 'python') onPreparing(`Starting Python interpreters for ${tool.name}'s calls…`);
      await runtime.warmVersion?.(tool, editorsVersion(tool), calls);
    }
    onPreparing(null);
    const problem = compiled.problems[0]?.message ?? (compiled.parameters ? null : 'this runtime cannot hold versions');
    if (!compiled.parameters)
      lesson?.problems.push(`${tool.name} ${currentVersionLabel(tool)} does not compile (${problem}); it is left out of this run.`);
  }
  return {
    view: { ...view, workspace: prepared.workspace, compilations },
    runtime:
      newSources.length > 0
        ? lessonRuntime(
            runtime,
            new Set(newSources.map((tool) => tool.id)),
            new Set(newSources.filter((tool) => !before.has(tool.id)).map((tool) => tool.id)),
          )
        : runtime,
    lesson,
  };
}

const mostCallsInOneTurn = (scenario: Scenario, toolName: string): number =>
  Math.max(1, ...scenario.turns.map((turn) => (turn.toolCalls ?? []).filter((call) => call.name === toolName).length));

/** The sources in the editors of a lesson's tool, as a version the runtime keeps apart from the tool. */
const editorsVersion = (tool: ToolSource): ToolVersionSource => ({
  version: currentVersionLabel(tool),
  schemaSource: tool.schemaSource,
  codeSource: tool.codeSource,
  frozenAt: '',
});

async function compileAsVersion(runtime: ToolRuntime, tool: ToolSource): Promise<ToolCompilationView> {
  if (!runtime.compileVersion) return { status: 'errors', problems: [], parameters: null };
  try {
    const compiled = await runtime.compileVersion(tool, editorsVersion(tool));
    return compiled.ok
      ? { status: 'valid', problems: [], parameters: compiled.parameters }
      : { status: 'errors', problems: compiled.problems, parameters: null };
  } catch (error) {
    return {
      status: 'errors',
      problems: [{ file: 'code', line: 1, column: 1, message: `The sandbox failed: ${messageOf(error)}` }],
      parameters: null,
    };
  }
}

/**
 * The runtime as this run sees it: a lesson's tool runs the version compiled above, not the person's copy.
 * A sample the lesson added (`addedToolIds`) has no versions of its own: its calls carry no version label,
 * as any tool's without versions, rather than the "v1" of the copy it runs.
 */
function lessonRuntime(runtime: ToolRuntime, lessonToolIds: ReadonlySet<string>, addedToolIds: ReadonlySet<string>): ToolRuntime {
  return {
    compile: (tool) => runtime.compile(tool),
    toCoreTool(tool: ToolSource, options: RunToolOptions) {
      if (!lessonToolIds.has(tool.id) || !runtime.toCoreToolVersion) return runtime.toCoreTool(tool, options);
      const core = runtime.toCoreToolVersion(tool, editorsVersion(tool), options);
      return addedToolIds.has(tool.id) ? { ...core, version: tool.version } : core;
    },
    ...(runtime.compileVersion ? { compileVersion: runtime.compileVersion.bind(runtime) } : {}),
    ...(runtime.toCoreToolVersion ? { toCoreToolVersion: runtime.toCoreToolVersion.bind(runtime) } : {}),
    ...(runtime.warmVersion ? { warmVersion: runtime.warmVersion.bind(runtime) } : {}),
  };
}
