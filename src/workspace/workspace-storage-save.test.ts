import { describe, expect, it } from 'vitest';
import { listKeptCopies } from './kept-copies.ts';
import { MemoryStorage } from './memory-storage.ts';
import { BACKUP_KEY, WORKSPACE_KEY } from './storage-keys.ts';
import { makeTool, makeWorkspace, storageWithBrokenCall } from './fixed-workspaces.test-support.ts';
import { loadWorkspace, saveWorkspace } from './workspace-storage.ts';
import { WORKSPACE_VERSION } from './workspace-schema.ts';

const monday = () => Date.parse('2025-06-02T09:00:00.000Z');
const tuesday = () => Date.parse('2025-06-03T09:00:00.000Z');

describe('saveWorkspace', () => {
  it('writes a versioned envelope and backs up the previous good save first', () => {
    const storage = new MemoryStorage();
    saveWorkspace(storage, makeWorkspace(), monday);
    expect(storage.getItem(BACKUP_KEY)).toBeNull();
    const first = storage.getItem(WORKSPACE_KEY);
    expect(JSON.parse(first!)).toMatchObject({ version: WORKSPACE_VERSION, savedAt: '2025-06-02T09:00:00.000Z' });
    saveWorkspace(storage, makeWorkspace({ scenarios: [] }), tuesday);
    expect(storage.getItem(BACKUP_KEY)).toBe(first);
  });

  it('overwrites a broken save only after keeping a copy, and never backs it up', () => {
    const storage = new MemoryStorage();
    saveWorkspace(storage, makeWorkspace(), monday);
    const goodBackup = storage.getItem(WORKSPACE_KEY);
    saveWorkspace(storage, makeWorkspace(), monday);
    storage.setItem(WORKSPACE_KEY, 'garbage');
    expect(saveWorkspace(storage, makeWorkspace(), tuesday)).toEqual({ ok: true });
    expect(storage.getItem(BACKUP_KEY)).toBe(goodBackup);
    expect(listKeptCopies(storage).map((copy) => storage.getItem(copy.key))).toEqual(['garbage']);
  });

  it('reports a full storage clearly and loses nothing', () => {
    const workspace = makeWorkspace();
    const roomy = new MemoryStorage();
    saveWorkspace(roomy, workspace, monday);
    const storage = new MemoryStorage({ quotaCharacters: roomy.usedCharacters() + 10 });
    saveWorkspace(storage, workspace, monday);
    const bigger = makeWorkspace({ tools: [...workspace.tools, makeTool({ id: 'big', name: 'big', codeSource: 'x'.repeat(5_000) })] });
    const result = saveWorkspace(storage, bigger, tuesday);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/browser storage is full.*The previous save is unchanged\./) });
    expect(loadWorkspace(storage, tuesday).workspace).toEqual(workspace);
  });

  it('reports storage that refuses writes instead of throwing', () => {
    const storage = storageWithBrokenCall('setItem', new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    expect(saveWorkspace(storage, makeWorkspace(), monday)).toEqual({ ok: false, message: expect.stringContaining('full') });
    const disabled = storageWithBrokenCall('getItem', new Error('storage disabled'));
    expect(saveWorkspace(disabled, makeWorkspace(), monday)).toEqual({ ok: false, message: expect.stringContaining('not available') });
  });

  it('refuses an invalid workspace, naming the field, and keeps the previous save', () => {
    const storage = new MemoryStorage();
    saveWorkspace(storage, makeWorkspace(), monday);
    const before = storage.getItem(WORKSPACE_KEY);
    const invalid = makeWorkspace();
    invalid.settings.timeoutMs = -5;
    expect(saveWorkspace(storage, invalid, tuesday)).toEqual({ ok: false, message: expect.stringContaining('settings.timeoutMs') });
    expect(storage.getItem(WORKSPACE_KEY)).toBe(before);
  });

  it('never stores an API key', () => {
    const storage = new MemoryStorage();
    const workspace = makeWorkspace();
    Object.assign(workspace.settings.provider, { apiKey: 'sk-live-123' });
    saveWorkspace(storage, workspace, monday);
    expect(storage.getItem(WORKSPACE_KEY)).not.toContain('sk-live-123');
  });
});
