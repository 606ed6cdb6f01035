import { describe, expect, it } from 'vitest';
import { createDefaultWorkspace } from './default-workspace.ts';
import { listKeptCopies } from './kept-copies.ts';
import { MemoryStorage } from './memory-storage.ts';
import { isSafeModeRequest, loadSafeMode, restoreKeptCopy } from './safe-start.ts';
import { BACKUP_KEY, WORKSPACE_KEY } from './storage-keys.ts';
import { loadWorkspace, saveWorkspace } from './workspace-storage.ts';

const now = () => Date.parse('2026-12-01T10:00:00.000Z');

function savedTwice(): MemoryStorage {
  const storage = new MemoryStorage();
  const first = createDefaultWorkspace();
  first.tools = first.tools.slice(0, 1);
  saveWorkspace(storage, first, now);
  const second = createDefaultWorkspace();
  second.scenarios[0]!.source = '{"turns": [' + '['.repeat(100) + ']'.repeat(100) + ']}';
  saveWorkspace(storage, second, now);
  return storage;
}

describe('safe mode (issue 28: a saved workspace that takes the app down must not survive every reload)', () => {
  it('is asked for with ?safe-mode', () => {
    expect(isSafeModeRequest('?safe-mode')).toBe(true);
    expect(isSafeModeRequest('?x=1&safe-mode=1')).toBe(true);
    expect(isSafeModeRequest('')).toBe(false);
  });

  it('keeps the save and its backup aside, opens a new default workspace and saves it at once', () => {
    const storage = savedTwice();
    const before = { current: storage.getItem(WORKSPACE_KEY), backup: storage.getItem(BACKUP_KEY) };
    const loaded = loadSafeMode(storage, now);
    const names = (workspace: typeof loaded.workspace) => [
      workspace.tools.map((tool) => tool.name),
      workspace.scenarios.map((scenario) => scenario.name),
    ];
    expect(names(loaded.workspace)).toEqual(names(createDefaultWorkspace()));
    const kept = listKeptCopies(storage).filter((copy) => copy.kind === 'safe-mode');
    expect(kept.map((copy) => storage.getItem(copy.key)).sort()).toEqual([before.current, before.backup].sort());
    expect(loaded.notice?.message).toMatch(
      /^Safe mode: Toolscope started with a new default workspace\. Your workspace is kept under "toolscope\.workspace\.safe-mode\./,
    );
    expect(loaded.notice?.message).toContain('Nothing was deleted.');
    expect(storage.getItem(loaded.notice?.keptCopyKey ?? '')).toBe(before.current);
    // A normal start after this (a reload) opens the new workspace, not the one set aside.
    expect(loadWorkspace(storage, now).workspace).toEqual(loaded.workspace);
  });

  it('puts the kept workspace back for the next start, keeping the safe-mode session aside too', () => {
    const storage = savedTwice();
    const original = storage.getItem(WORKSPACE_KEY);
    const loaded = loadSafeMode(storage, now);
    const edited = createDefaultWorkspace();
    edited.tools = [];
    saveWorkspace(storage, edited, now);
    expect(restoreKeptCopy(storage, loaded.notice?.keptCopyKey ?? '', now)).toEqual({ ok: true });
    expect(storage.getItem(WORKSPACE_KEY)).toBe(original);
    const keptValues = listKeptCopies(storage).map((copy) => storage.getItem(copy.key) ?? '');
    expect(keptValues.some((value) => value.includes('"tools":[]'))).toBe(true);
  });

  it('with nothing saved, simply starts fresh', () => {
    const loaded = loadSafeMode(new MemoryStorage(), now);
    expect(loaded.notice?.keptCopyKey).toBeUndefined();
    expect(loaded.notice?.message).toBe('Safe mode: Toolscope started with a new default workspace. Nothing was deleted.');
  });
});
