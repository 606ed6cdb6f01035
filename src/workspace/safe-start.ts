// Safe mode: a start that cannot be taken down by what is saved. The saved workspace (and its backup)
// are set aside under kept-copy keys, and the app opens a new default workspace; nothing is deleted, and
// the person can open the kept workspace again (issue 28: a share link's scenario blanked the app, and
// autosave made it survive every reload).
import { createDefaultWorkspace } from './default-workspace.ts';
import { keepCopy } from './kept-copies.ts';
import { BACKUP_KEY, WORKSPACE_KEY, describeStorageError, type StorageLike } from './storage-keys.ts';
import { saveWorkspace, type LoadedWorkspace } from './workspace-storage.ts';
import type { Result } from '../core/index.ts';

export { isSafeModeRequest, SAFE_MODE_PARAMETER } from './safe-mode-request.ts';

function read(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function loadSafeMode(storage: StorageLike, now: () => number = Date.now): LoadedWorkspace {
  const time = new Date(now());
  const keptKeys: string[] = [];
  const sentences: string[] = [];
  let currentIsSafe = true;
  for (const [key, what] of [
    [WORKSPACE_KEY, 'Your workspace'],
    [BACKUP_KEY, 'The copy saved before it'],
  ] as const) {
    const raw = read(storage, key);
    if (raw === null) continue;
    const copy = keepCopy(storage, 'safe-mode', raw, time);
    if (copy.ok) keptKeys.push(copy.key);
    else if (key === WORKSPACE_KEY) currentIsSafe = false;
    // Most likely the storage is full; the autosave will then fail too, and say so.
    sentences.push(copy.ok ? `${what} is kept under "${copy.key}".` : `${what} could not be copied aside (${copy.message}).`);
  }
  const workspace = createDefaultWorkspace();
  // Saved at once (once the old save is safe aside), so that a reload does not bring the old one back.
  const saved = currentIsSafe ? saveWorkspace(storage, workspace, now) : undefined;
  if (!saved) sentences.push('The new workspace is not saved over yours.');
  else if (!saved.ok) sentences.push(`The new workspace could not be saved: ${saved.message}`);
  const message = ['Safe mode: Toolscope started with a new default workspace.', ...sentences, 'Nothing was deleted.'].join(' ');
  const [keptCopyKey] = keptKeys;
  return { workspace, notice: { level: 'warning', message, ...(keptCopyKey ? { keptCopyKey } : {}) } };
}

/** Puts a kept copy back as the saved workspace (the current one is kept aside first), for the next start. */
export function restoreKeptCopy(storage: StorageLike, keptKey: string, now: () => number = Date.now): Result {
  const raw = read(storage, keptKey);
  if (raw === null) return { ok: false, message: `there is no copy under "${keptKey}"` };
  const current = read(storage, WORKSPACE_KEY);
  if (current !== null && current !== raw) {
    const copy = keepCopy(storage, 'safe-mode', current, new Date(now()));
    if (!copy.ok) return { ok: false, message: `the workspace of this session could not be copied aside first (${copy.message})` };
  }
  try {
    storage.setItem(WORKSPACE_KEY, raw);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: describeStorageError(error) };
  }
}
