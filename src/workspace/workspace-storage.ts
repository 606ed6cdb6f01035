// Autosave of the workspace in browser storage. Nothing here throws and nothing is dropped silently:
// a save that cannot be used is set aside under its own key and the notice says where.
import { createDefaultWorkspace } from './default-workspace.ts';
import { keepCopy, type KeepResult } from './kept-copies.ts';
import { repairDuplicates } from './repair-duplicates.ts';
import { readSavedWorkspace, serializeSavedWorkspace } from './saved-workspace.ts';
import { BACKUP_KEY, WORKSPACE_KEY, describeStorageError, type StorageLike } from './storage-keys.ts';
import { describeIssues, issuesFromZod } from './workspace-issues.ts';
import { WORKSPACE_VERSION, workspaceSchema, type Workspace } from './workspace-schema.ts';
import type { Result } from '../core/index.ts';

export interface WorkspaceNotice {
  level: 'info' | 'warning';
  message: string;
  /** Where the unusable (or pre-migration) save is kept, for a "show / download it" action. */
  keptCopyKey?: string;
}

export interface LoadedWorkspace {
  workspace: Workspace;
  notice?: WorkspaceNotice;
}

/** `message` says why nothing was written, in words that follow "Could not save: ". */
export type SaveResult = Result;

export function loadWorkspace(storage: StorageLike, now: () => number = Date.now): LoadedWorkspace {
  const time = new Date(now());
  let raw: string | null;
  try {
    raw = storage.getItem(WORKSPACE_KEY);
  } catch (error) {
    const message = `Started with a new default workspace: ${describeStorageError(error)}, so changes will not be kept after this tab closes. Use Export to keep a copy.`;
    return { workspace: createDefaultWorkspace(), notice: { level: 'warning', message } };
  }
  if (raw === null) return { workspace: createDefaultWorkspace() };

  const saved = readSavedWorkspace(raw);
  if (saved.kind === 'valid') {
    const repaired = repairDuplicates(saved.workspace);
    const repairs = repaired.changes.join(' ');
    if (saved.migratedFrom === undefined)
      return repairs ? { workspace: repaired.workspace, notice: { level: 'warning', message: repairs } } : { workspace: saved.workspace };
    const kept = keepCopy(storage, 'before-migration', raw, time);
    const where = kept.ok
      ? `The original is kept under "${kept.key}".`
      : `The original could not be copied aside (${kept.message}); it becomes the backup at the next save.`;
    const message = `Your saved workspace was in the version ${saved.migratedFrom} format and was updated to version ${WORKSPACE_VERSION}. ${where}${repairs ? ` ${repairs}` : ''}`;
    return { workspace: repaired.workspace, notice: { level: repairs ? 'warning' : 'info', message, ...keptKeyOf(kept) } };
  }

  const kept = keepCopy(storage, saved.kind, raw, time);
  const fallback = loadFallback(storage, time);
  const where = kept.ok
    ? `A copy is kept under "${kept.key}".`
    : `No copy could be set aside (${kept.message}), so it stays under "${WORKSPACE_KEY}" and will not be overwritten.`;
  const message = `The saved workspace could not be opened: ${saved.reason}. ${where} Loaded ${fallback.description} instead.`;
  return {
    workspace: fallback.workspace,
    notice: { level: 'warning', message, keptCopyKey: kept.ok ? kept.key : WORKSPACE_KEY },
  };
}

function loadFallback(storage: StorageLike, time: Date): { workspace: Workspace; description: string } {
  let raw: string | null = null;
  try {
    raw = storage.getItem(BACKUP_KEY);
  } catch {
    // The current save was readable a moment ago, so this is very unlikely; the default will do.
  }
  if (raw === null) return { workspace: createDefaultWorkspace(), description: 'a new default workspace' };
  const backup = readSavedWorkspace(raw);
  if (backup.kind === 'valid') {
    const savedAt = backup.savedAt ? ` (saved ${backup.savedAt})` : '';
    return { workspace: backup.workspace, description: `the last good copy${savedAt}` };
  }
  // The next good save replaces the backup, so an unusable backup is set aside too.
  const kept = keepCopy(storage, backup.kind, raw, time);
  const where = kept.ok ? `kept under "${kept.key}"` : `still under "${BACKUP_KEY}"`;
  return {
    workspace: createDefaultWorkspace(),
    description: `a new default workspace, because the backup could not be opened either (${backup.reason}; ${where})`,
  };
}

function keptKeyOf(kept: KeepResult): { keptCopyKey?: string } {
  return kept.ok ? { keptCopyKey: kept.key } : {};
}

/**
 * Writes the workspace, first copying the save it replaces to the backup key when that save was good.
 * It refuses (with the reason) rather than lose data: an invalid workspace is not written, a save from
 * a newer Toolscope is not overwritten, and an unreadable save is overwritten only once a copy is kept.
 */
export function saveWorkspace(storage: StorageLike, workspace: Workspace, now: () => number = Date.now): SaveResult {
  const time = new Date(now());
  const parsed = workspaceSchema.safeParse(workspace);
  if (!parsed.success) {
    return { ok: false, message: `the workspace is not valid (${describeIssues(issuesFromZod(parsed.error))}).` };
  }
  const text = serializeSavedWorkspace(parsed.data, time);
  try {
    const current = storage.getItem(WORKSPACE_KEY);
    if (current !== null) {
      const saved = readSavedWorkspace(current);
      if (saved.kind === 'valid') {
        storage.setItem(BACKUP_KEY, current);
      } else {
        const kept = keepCopy(storage, saved.kind, current, time);
        if (saved.kind === 'newer-version') {
          const where = kept.ok ? ` A copy is kept under "${kept.key}".` : '';
          return {
            ok: false,
            message: `browser storage holds a workspace from a newer Toolscope, which this version does not overwrite.${where} Export this workspace to keep your changes.`,
          };
        }
        if (!kept.ok) {
          return {
            ok: false,
            message: `the stored workspace is unreadable and no copy of it could be kept (${kept.message}), so it was not overwritten.`,
          };
        }
      }
    }
    storage.setItem(WORKSPACE_KEY, text);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: `${describeStorageError(error)}. The previous save is unchanged.` };
  }
}
