// A saved workspace can hold two tools of one name (edited by hand, merged from elsewhere). The executor
// refuses to register a name twice, so such a workspace once loaded without a word and then every run
// threw. Loading repairs it instead, and says what it changed.
import { newId } from './new-id.ts';
import { uniqueToolName } from './tool-names.ts';
import type { Workspace } from './workspace-schema.ts';

export interface RepairResult {
  workspace: Workspace;
  /** What was changed, one sentence each; empty when nothing needed repair. */
  changes: string[];
}

/** Gives every tool a unique name and id, and every scenario a unique id. */
export function repairDuplicates(workspace: Workspace): RepairResult {
  const changes: string[] = [];
  let changed = false;
  const toolIds = new Set<string>();
  const tools: Workspace['tools'] = [];
  for (const tool of workspace.tools) {
    let repaired = tool;
    if (toolIds.has(tool.id)) {
      repaired = { ...repaired, id: newId() };
      changed = true;
    }
    const name = uniqueToolName(tool.name, tools);
    if (name !== tool.name) {
      changes.push(`A second tool named "${tool.name}" was renamed "${name}" (names must be unique).`);
      repaired = { ...repaired, name };
      changed = true;
    }
    toolIds.add(repaired.id);
    tools.push(repaired);
  }
  const scenarioIds = new Set<string>();
  const scenarios = workspace.scenarios.map((scenario) => {
    if (!scenarioIds.has(scenario.id)) {
      scenarioIds.add(scenario.id);
      return scenario;
    }
    changed = true;
    const repaired = { ...scenario, id: newId() };
    scenarioIds.add(repaired.id);
    return repaired;
  });
  return changed ? { workspace: { ...workspace, tools, scenarios }, changes } : { workspace, changes };
}
