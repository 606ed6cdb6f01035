// A lesson's scenario may set up what it needs (`prepare` in its JSON): a new version of a tool on a canary
// share, an outage of a tool's downstream, discovery of the top k tools. Each is done with the feature a
// person would use (the Versions tab's New version and traffic, the Faults settings, Offer tools), so the run
// shows those features at work, not arguments that play their outcome. This makes the run's workspace, for
// that run only (session/lesson-setup.ts): the person's own is never replaced by it. A sample tool the
// workspace lacks (a Python one) is added to the run's workspace as New Python tool would add it.
import { noFaults } from '../faults/index.ts';
import type { ScenarioPreparation } from '../llm/index.ts';
import { pythonSampleTools } from '../samples/index.ts';
import { toolSourceFromSample } from './default-workspace.ts';
import { setVersionTraffic, startNewVersion } from './saved-versions.ts';
import type { ToolSource, Workspace } from './workspace-schema.ts';

export interface Preparation {
  workspace: Workspace;
  /** What the setup does, in words, for the notice that the run has it. */
  changes: string[];
  /** What could not be done as asked. */
  problems: string[];
}

function release(tool: ToolSource, step: NonNullable<ScenarioPreparation['release']>, now: Date, result: Preparation): ToolSource {
  // Once: a tool that has versions already is the user's to steer (a Rollback must stay rolled back).
  if ((tool.versions?.length ?? 0) > 0) return tool;
  if (!tool.codeSource.includes(step.change.find)) {
    result.problems.push(
      `${tool.name}'s code has changed, so its next version could not be made as the scenario asks; it is left as it is.`,
    );
    return tool;
  }
  const started = startNewVersion(tool, now);
  const changed = { ...started, codeSource: started.codeSource.replace(step.change.find, step.change.replace) };
  const version = changed.version ?? 'v2';
  const shared = setVersionTraffic(changed, version, step.traffic) ?? changed;
  result.changes.push(`${tool.name} ${version} (its code changed) is a canary at ${Math.round(step.traffic * 100)}% of the calls`);
  return shared;
}

function takeDown(tool: ToolSource, result: Preparation): ToolSource {
  if (tool.faults?.enabled && tool.faults.unavailableRate === 1) return tool;
  result.changes.push(`${tool.name}'s downstream is down (Faults: 503 on every request)`);
  return { ...tool, faults: { ...noFaults, enabled: true, unavailableRate: 1 } };
}

/** The run's id of an added sample: the same in every run, so its compiled tool is reused, and never a person's. */
export const addedSampleId = (name: string): string => `scenario-sample:${name}`;

function addSamples(workspace: Workspace, names: readonly string[], result: Preparation): ToolSource[] {
  const added: ToolSource[] = [];
  for (const name of names) {
    // The person's own tool of that name is theirs to run, whatever it is: the scenario calls it by name.
    if (workspace.tools.some((tool) => tool.name === name)) continue;
    const sample = pythonSampleTools.find((candidate) => candidate.name === name);
    if (!sample) {
      result.problems.push(`The scenario adds a sample tool named ${name}, which is not one of the samples.`);
      continue;
    }
    added.push({ ...toolSourceFromSample(sample), id: addedSampleId(name), language: 'python' });
    result.changes.push(`the Python sample ${name} is added`);
  }
  return added;
}

/** The workspace as the scenario wants it before it runs; unchanged (the same object) when nothing was needed. */
export function prepareWorkspace(workspace: Workspace, prepare: ScenarioPreparation | undefined, now: Date): Preparation {
  const result: Preparation = { workspace, changes: [], problems: [] };
  if (!prepare) return result;
  const outage = new Set(prepare.outage ?? []);
  const named = new Set([...outage, ...(prepare.release ? [prepare.release.tool] : [])]);
  for (const name of named)
    if (!workspace.tools.some((tool) => tool.name === name))
      result.problems.push(`The scenario needs a tool named ${name}, which this workspace does not have.`);
  const tools = workspace.tools.map((tool) => {
    let next = tool;
    if (prepare.release?.tool === tool.name) next = release(next, prepare.release, now, result);
    if (outage.has(tool.name)) next = takeDown(next, result);
    return next;
  });
  tools.push(...addSamples(workspace, prepare.addSampleTools ?? [], result));
  let settings = workspace.settings;
  const routing = prepare.release?.routing;
  if (routing && settings.canaryRouting !== routing) {
    settings = { ...settings, canaryRouting: routing };
    result.changes.push(`calls are routed to versions by ${routing}`);
  }
  if (
    prepare.discover !== undefined &&
    (settings.toolSelection?.strategy !== 'discover' || settings.toolSelection.limit !== prepare.discover)
  ) {
    settings = { ...settings, toolSelection: { strategy: 'discover', limit: prepare.discover } };
    result.changes.push(`each turn offers the top ${prepare.discover} tools found by discovery`);
  }
  if (result.changes.length > 0) result.workspace = { ...workspace, tools, settings };
  return result;
}
