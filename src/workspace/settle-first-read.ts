// The full load (zod, migrations, repairs) has the last word on a workspace the first paint took as it
// was saved (first-read.ts). Almost always they agree and nothing changes; when they do not, the checked
// workspace replaces the first one, unless the person already changed it: then their changes stay if
// they pass the schema. Nothing is lost either way: the full load keeps a damaged save aside.
import type { LoadedWorkspace, WorkspaceNotice } from './workspace-storage.ts';
import { workspaceSchema, type Workspace } from './workspace-schema.ts';

export interface SettledWorkspace {
  /** The workspace to show from now on; null: keep the one on screen. */
  replacement: Workspace | null;
  notice?: WorkspaceNotice;
}

export function settleFirstRead(
  first: { workspace: Workspace; saved: string | null },
  full: LoadedWorkspace,
  current: Workspace,
): SettledWorkspace {
  // A first visit: the full load would only make other sample ids.
  if (first.saved === null) return { replacement: null };
  const notice = full.notice ? { notice: full.notice } : {};
  if (sameValue(full.workspace, first.workspace)) return { replacement: null, ...notice };
  if (current === first.workspace) return { replacement: full.workspace, ...notice };
  if (workspaceSchema.safeParse(current).success) return { replacement: null, ...notice };
  const message = `${full.notice ? `${full.notice.message} ` : ''}The changes made while the saved workspace was being checked could not be kept: they did not fit its format.`;
  return { replacement: full.workspace, notice: { ...full.notice, level: 'warning', message } };
}

/** Deep equality of JSON-like values, whatever the order of object keys (zod rebuilds objects in its own order). */
export function sameValue(first: unknown, second: unknown): boolean {
  if (first === second) return true;
  if (typeof first !== 'object' || typeof second !== 'object' || first === null || second === null) return false;
  if (Array.isArray(first) !== Array.isArray(second)) return false;
  if (Array.isArray(first)) {
    const other = second as unknown[];
    return first.length === other.length && first.every((item, index) => sameValue(item, other[index]));
  }
  const firstRecord = first as Record<string, unknown>;
  const secondRecord = second as Record<string, unknown>;
  const keys = Object.keys(firstRecord).filter((key) => firstRecord[key] !== undefined);
  if (keys.length !== Object.keys(secondRecord).filter((key) => secondRecord[key] !== undefined).length) return false;
  return keys.every((key) => sameValue(firstRecord[key], secondRecord[key]));
}
