import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listKeptCopies } from './kept-copies.ts';
import { MemoryStorage } from './memory-storage.ts';
import { BACKUP_KEY, WORKSPACE_KEY } from './storage-keys.ts';
import { makeTool, makeV0Workspace, makeWorkspace, savedText, storageWithBrokenCall } from './fixed-workspaces.test-support.ts';
import { loadWorkspace, saveWorkspace } from './workspace-storage.ts';
import { workspaceSchema } from './workspace-schema.ts';
import { WORKSPACE_VERSION } from './workspace-schema.ts';

const monday = () => Date.parse('2025-06-02T09:00:00.000Z');
const tuesday = () => Date.parse('2025-06-03T09:00:00.000Z');

describe('loadWorkspace', () => {
  it('starts with the default workspace, quietly, when nothing is saved', () => {
    const loaded = loadWorkspace(new MemoryStorage(), monday);
    expect(loaded.notice).toBeUndefined();
    expect(workspaceSchema.safeParse(loaded.workspace).success).toBe(true);
  });

  it('loads what was saved', () => {
    const storage = new MemoryStorage();
    const workspace = makeWorkspace();
    expect(saveWorkspace(storage, workspace, monday)).toEqual({ ok: true });
    expect(loadWorkspace(storage, tuesday)).toEqual({ workspace });
  });

  it('repairs a save with two tools of one name, and names the change (issue 12)', () => {
    const storage = new MemoryStorage();
    const workspace = makeWorkspace();
    const twin = { ...workspace.tools[0]!, id: 'twin' };
    storage.setItem(WORKSPACE_KEY, savedText({ ...workspace, tools: [...workspace.tools, twin] }, 1));
    const loaded = loadWorkspace(storage, tuesday);
    expect(loaded.workspace.tools.map((tool) => tool.name)).toEqual([...workspace.tools.map((tool) => tool.name), `${twin.name}_2`]);
    expect(loaded.notice).toEqual({
      level: 'warning',
      message: `A second tool named "${twin.name}" was renamed "${twin.name}_2" (names must be unique).`,
    });
  });

  it('migrates an older save, says so and keeps the original', () => {
    const storage = new MemoryStorage();
    const original = savedText(makeV0Workspace(), 0);
    storage.setItem(WORKSPACE_KEY, original);
    const loaded = loadWorkspace(storage, monday);
    expect(loaded.workspace.tools[0]).toMatchObject({ name: 'get_weather', codeSource: expect.any(String), enabled: true });
    expect(loaded.notice).toEqual({
      level: 'info',
      message: expect.stringContaining(`version 0 format and was updated to version ${WORKSPACE_VERSION}`),
      keptCopyKey: 'toolscope.workspace.before-migration.2025-06-02T09:00:00.000Z',
    });
    expect(storage.getItem(loaded.notice!.keptCopyKey!)).toBe(original);
  });

  it('sets aside unparseable JSON, keeps it, and loads the backup instead', () => {
    const storage = new MemoryStorage();
    const good = makeWorkspace({ tools: [makeTool()] });
    saveWorkspace(storage, good, monday);
    saveWorkspace(storage, makeWorkspace(), monday);
    storage.setItem(WORKSPACE_KEY, '{"version": 1, "workspace": {"tools": [');
    const loaded = loadWorkspace(storage, tuesday);
    expect(loaded.workspace).toEqual(good);
    const key = 'toolscope.workspace.corrupted.2025-06-03T09:00:00.000Z';
    expect(loaded.notice).toEqual({ level: 'warning', message: expect.stringContaining('it is not valid JSON'), keptCopyKey: key });
    expect(loaded.notice?.message).toContain(`A copy is kept under "${key}"`);
    expect(loaded.notice?.message).toContain('Loaded the last good copy (saved 2025-06-02T09:00:00.000Z) instead.');
    expect(storage.getItem(key)).toBe('{"version": 1, "workspace": {"tools": [');
  });

  it('says which field fails the schema and falls back to the default without a backup', () => {
    const storage = new MemoryStorage();
    const broken = makeWorkspace();
    broken.tools[2]!.name = 'bad name';
    storage.setItem(WORKSPACE_KEY, savedText(broken));
    const loaded = loadWorkspace(storage, monday);
    expect(loaded.notice?.message).toContain('tools.2.name: must match ^[a-zA-Z0-9_-]{1,64}$');
    expect(loaded.notice?.message).toContain('Loaded a new default workspace instead.');
    expect(storage.getItem(loaded.notice!.keptCopyKey!)).toBe(savedText(broken));
  });

  it('does not overwrite a save from a newer Toolscope, and keeps a copy of it', () => {
    const storage = new MemoryStorage();
    const newer = savedText({ version: WORKSPACE_VERSION + 1, tools: 'a shape this version does not know' }, WORKSPACE_VERSION + 1);
    storage.setItem(WORKSPACE_KEY, newer);
    const loaded = loadWorkspace(storage, monday);
    expect(loaded.notice?.message).toContain('newer Toolscope');
    expect(loaded.notice?.keptCopyKey).toBe('toolscope.workspace.newer-version.2025-06-02T09:00:00.000Z');
    expect(storage.getItem(loaded.notice!.keptCopyKey!)).toBe(newer);

    const result = saveWorkspace(storage, loaded.workspace, tuesday);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('does not overwrite') });
    expect(storage.getItem(WORKSPACE_KEY)).toBe(newer);
  });

  it('keeps one copy however often the same broken save is loaded', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, 'not json');
    loadWorkspace(storage, monday);
    loadWorkspace(storage, tuesday);
    expect(listKeptCopies(storage)).toHaveLength(1);
  });

  it('sets aside a broken backup too, and says that the default was loaded', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, 'not json');
    storage.setItem(BACKUP_KEY, '{"also": "broken"}');
    const loaded = loadWorkspace(storage, monday);
    expect(loaded.notice?.message).toContain('a new default workspace, because the backup could not be opened either');
    expect(
      listKeptCopies(storage)
        .map((copy) => storage.getItem(copy.key))
        .sort(),
    ).toEqual(['not json', '{"also": "broken"}'].sort());
  });

  it('leaves a broken save in place, and says so, when no copy can be kept', () => {
    const storage = new MemoryStorage({ quotaCharacters: 40 });
    storage.setItem(WORKSPACE_KEY, 'not json');
    const loaded = loadWorkspace(storage, monday);
    expect(loaded.notice).toMatchObject({ keptCopyKey: WORKSPACE_KEY, message: expect.stringContaining('will not be overwritten') });
    expect(saveWorkspace(storage, loaded.workspace, monday)).toEqual({
      ok: false,
      message: expect.stringContaining('was not overwritten'),
    });
    expect(storage.getItem(WORKSPACE_KEY)).toBe('not json');
  });

  it('starts with the default and explains when storage cannot be read', () => {
    const storage = storageWithBrokenCall('getItem', new DOMException('The operation is insecure.', 'SecurityError'));
    const loaded = loadWorkspace(storage, monday);
    expect(workspaceSchema.safeParse(loaded.workspace).success).toBe(true);
    expect(loaded.notice).toEqual({
      level: 'warning',
      message: expect.stringContaining('browser storage is not available (SecurityError'),
    });
  });

  it('never throws, and whatever text it finds is either loaded or kept', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(savedText(makeWorkspace()))), (text) => {
        const storage = new MemoryStorage();
        storage.setItem(WORKSPACE_KEY, text);
        const loaded = loadWorkspace(storage, monday);
        if (loaded.notice?.level === 'warning') expect(storage.getItem(loaded.notice.keptCopyKey!)).toBe(text);
        else expect(storage.getItem(WORKSPACE_KEY)).toBe(text);
      }),
    );
  });
});
