import { describe, expect, it } from 'vitest';
import { readSavedWorkspace, serializeSavedWorkspace } from './saved-workspace.ts';
import { makeV0Workspace, makeWorkspace } from './fixed-workspaces.test-support.ts';
import { WORKSPACE_VERSION } from './workspace-schema.ts';

const time = new Date('2025-06-01T10:00:00.000Z');

describe('saved workspace envelope', () => {
  it('round-trips a workspace with its version and time', () => {
    const workspace = makeWorkspace();
    const text = serializeSavedWorkspace(workspace, time);
    expect(JSON.parse(text)).toMatchObject({ version: WORKSPACE_VERSION, savedAt: '2025-06-01T10:00:00.000Z' });
    expect(readSavedWorkspace(text)).toEqual({ kind: 'valid', workspace, savedAt: '2025-06-01T10:00:00.000Z' });
  });

  it('never writes a credential, even one smuggled into the object', () => {
    const workspace = makeWorkspace();
    Object.assign(workspace.settings.provider, { apiKey: 'sk-do-not-save' });
    expect(serializeSavedWorkspace(workspace, time)).not.toContain('sk-do-not-save');
  });

  it('migrates an older save', () => {
    const text = JSON.stringify({ version: 0, savedAt: 'x', workspace: makeV0Workspace() });
    expect(readSavedWorkspace(text)).toMatchObject({ kind: 'valid', migratedFrom: 0 });
  });

  it.each([
    ['unparseable JSON', '{"version": 1, "workspace": ', /^it is not valid JSON \(/],
    ['an envelope without a workspace', '{"version": 1}', /no "workspace" field/],
    ['a bare string', '"hello"', /no "workspace" field/],
  ])('calls %s corrupted', (_label, text, reason) => {
    const result = readSavedWorkspace(text);
    expect(result.kind).toBe('corrupted');
    if (result.kind === 'corrupted') expect(result.reason).toMatch(reason);
  });

  it('says which field fails the schema', () => {
    const workspace = makeWorkspace();
    workspace.tools[2]!.name = 'no spaces allowed';
    const result = readSavedWorkspace(serializeSavedWorkspace(workspace, time));
    expect(result).toEqual({
      kind: 'corrupted',
      reason: 'it does not match the workspace format: tools.2.name: must match ^[a-zA-Z0-9_-]{1,64}$',
    });
  });

  it('recognizes a save from a newer Toolscope by the envelope or the workspace version', () => {
    expect(readSavedWorkspace(JSON.stringify({ version: WORKSPACE_VERSION + 1, savedAt: '', workspace: {} })).kind).toBe('newer-version');
    expect(
      readSavedWorkspace(
        JSON.stringify({ version: WORKSPACE_VERSION, savedAt: '', workspace: { ...makeWorkspace(), version: WORKSPACE_VERSION + 1 } }),
      ).kind,
    ).toBe('newer-version');
  });
});
