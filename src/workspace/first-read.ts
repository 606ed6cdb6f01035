// The saved workspace as the first paint reads it: without zod, which is not loaded yet (issue 30).
// Only a save of this version whose tools have the fields the shell shows is taken as it is; the
// full load (workspace-storage.ts: the zod schema, migrations, repairs, kept copies) follows at once
// off the critical path and has the last word. Anything else (an older version, damage, blocked
// storage) waits for that full load, which knows what to say and keeps the original aside.
import { createDefaultWorkspace } from './default-workspace.ts';
import { WORKSPACE_KEY, type StorageLike } from './storage-keys.ts';
import type { Workspace } from './workspace-schema.ts';
import { TOOL_NAME_PATTERN, WORKSPACE_VERSION } from './workspace-version.ts';

export type FirstRead =
  /** `saved`: the text it came from, for the full load to check; null for a first visit (the samples). */
  { kind: 'ready'; workspace: Workspace; saved: string | null } | { kind: 'needs-full-load' };

export function readWorkspaceFirst(storage: StorageLike): FirstRead {
  let saved: string | null;
  try {
    saved = storage.getItem(WORKSPACE_KEY);
  } catch {
    return { kind: 'needs-full-load' };
  }
  if (saved === null) return { kind: 'ready', workspace: createDefaultWorkspace(), saved: null };
  let envelope: unknown;
  try {
    envelope = JSON.parse(saved);
  } catch {
    return { kind: 'needs-full-load' };
  }
  const { version, workspace } = (typeof envelope === 'object' && envelope !== null ? envelope : {}) as Record<string, unknown>;
  if (version !== WORKSPACE_VERSION || !looksLikeWorkspace(workspace)) return { kind: 'needs-full-load' };
  return { kind: 'ready', workspace, saved };
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields the shell reads (the tool list, the compile status); the zod schema checks the rest right after. */
function looksLikeWorkspace(value: unknown): value is Workspace {
  if (!isRecord(value) || value.version !== WORKSPACE_VERSION) return false;
  if (!Array.isArray(value.tools) || !Array.isArray(value.scenarios) || !isRecord(value.settings)) return false;
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const tool of value.tools) {
    if (!isRecord(tool) || !isText(tool.id) || !isText(tool.name) || !TOOL_NAME_PATTERN.test(tool.name)) return false;
    if (!isText(tool.description) || !isText(tool.schemaSource) || !isText(tool.codeSource) || !isText(tool.argumentsText)) return false;
    if (typeof tool.enabled !== 'boolean' || typeof tool.idempotent !== 'boolean') return false;
    // Duplicates are repaired by the full load, with a notice: leave them to it.
    if (ids.has(tool.id) || names.has(tool.name)) return false;
    ids.add(tool.id);
    names.add(tool.name);
  }
  return value.scenarios.every((scenario) => isRecord(scenario) && isText(scenario.id) && isText(scenario.name));
}
