import { describe, expect, it } from 'vitest';
import { migrateWorkspace } from './migrations.ts';
import { makeWorkspace, savedText } from './fixed-workspaces.test-support.ts';
import { MemoryStorage } from './memory-storage.ts';
import { WORKSPACE_KEY } from './storage-keys.ts';
import { versionRows } from './saved-versions.ts';
import { loadWorkspace } from './workspace-storage.ts';

// Issue 16: version 2 saved a tool's canary as `{ version, traffic }` with rules of its own; version 3 saves
// core's split. A version 2 save (localStorage, a file, a share link) must open with the same split.
const frozenV1 = {
  version: 'v1',
  schemaSource: 'export default z.object({});',
  codeSource: 'v1 code',
  frozenAt: '2025-01-01T00:00:00.000Z',
};

function v2SaveWith(tool: Record<string, unknown>) {
  const current = structuredClone(makeWorkspace());
  const [first, ...rest] = current.tools;
  return { ...current, version: 2, tools: [{ ...first, ...tool }, ...rest] };
}

function migratedRows(tool: Record<string, unknown>) {
  const result = migrateWorkspace(v2SaveWith(tool));
  if (!result.ok) throw new Error(result.reason);
  expect(result.migratedFrom).toBe(2);
  const migrated = result.workspace.tools[0]!;
  expect(migrated).not.toHaveProperty('canary');
  return { traffic: migrated.traffic, rows: versionRows(migrated).map(({ version, role, traffic }) => [version, role, traffic]) };
}

describe('migrating version 2 versions', () => {
  it('a canary with a share keeps its share beside the last frozen version', () => {
    expect(migratedRows({ version: 'v2', versions: [frozenV1], canary: { version: 'v2', traffic: 0.25 } })).toEqual({
      traffic: { stable: 'v1', canary: { version: 'v2', share: 0.25 }, replaced: [] },
      rows: [
        ['v1', 'stable', 0.75],
        ['v2', 'canary', 0.25],
      ],
    });
  });

  it('a canary at 0% stays a canary at 0%', () => {
    expect(migratedRows({ version: 'v2', versions: [frozenV1], canary: { version: 'v2', traffic: 0 } }).rows).toEqual([
      ['v1', 'stable', 1],
      ['v2', 'canary', 0],
    ]);
  });

  it('a promoted version (no canary) is stable, and Rollback can still go back to the frozen one', () => {
    expect(migratedRows({ version: 'v2', versions: [frozenV1], canary: null })).toEqual({
      traffic: { stable: 'v2', canary: null, replaced: ['v1'] },
      rows: [
        ['v1', 'inactive', 0],
        ['v2', 'stable', 1],
      ],
    });
  });

  it('a tool without versions gets no split; a version 1 save with a canary keeps it through both steps', () => {
    expect(migratedRows({}).traffic).toBeUndefined();
    const v1 = { ...v2SaveWith({ version: 'v2', versions: [frozenV1], canary: { version: 'v2', traffic: 0.5 } }), version: 1 };
    const { stream: _stream, ...provider } = v1.settings.provider;
    const result = migrateWorkspace({ ...v1, settings: { ...v1.settings, provider } });
    expect(result.ok && result.workspace.tools[0]?.traffic).toEqual({ stable: 'v1', canary: { version: 'v2', share: 0.5 }, replaced: [] });
  });
});

describe('a version 2 save with a canary in localStorage (issue 16)', () => {
  it('loads with the same split, says it was updated, and keeps the original', () => {
    const storage = new MemoryStorage();
    const original = savedText(v2SaveWith({ version: 'v2', versions: [frozenV1], canary: { version: 'v2', traffic: 0.1 } }), 2);
    storage.setItem(WORKSPACE_KEY, original);
    const loaded = loadWorkspace(storage, () => Date.parse('2026-12-01T03:00:00.000Z'));
    expect(
      versionRows(loaded.workspace.tools[0]!).map(({ version, role, traffic }) => [version, role, Number(traffic.toFixed(6))]),
    ).toEqual([
      ['v1', 'stable', 0.9],
      ['v2', 'canary', 0.1],
    ]);
    expect(loaded.notice?.message).toContain('version 2 format and was updated to version 3');
    expect(storage.getItem(loaded.notice!.keptCopyKey!)).toBe(original);
  });
});
