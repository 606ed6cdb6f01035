import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultRunSettings } from './default-workspace.ts';
import { migrateWorkspace } from './migrations.ts';
import { makeV0Workspace, makeWorkspace } from './fixed-workspaces.test-support.ts';
import { WORKSPACE_VERSION, workspaceSchema } from './workspace-schema.ts';

describe('migrateWorkspace', () => {
  it('accepts a current workspace as it is, without migratedFrom', () => {
    const workspace = makeWorkspace();
    expect(migrateWorkspace(structuredClone(workspace))).toEqual({ ok: true, workspace });
  });

  it('migrates the pre-release v0 format: renamed sources, new fields, the mock provider', () => {
    const result = migrateWorkspace(makeV0Workspace());
    expect(result).toMatchObject({ ok: true, migratedFrom: 0 });
    if (!result.ok) return;
    expect(result.workspace.version).toBe(WORKSPACE_VERSION);
    expect(result.workspace.tools[0]).toEqual({
      id: 'tool-weather',
      name: 'get_weather',
      description: 'Current weather for a city',
      schemaSource: 'export default z.object({ city: z.string() });',
      codeSource: 'export default async (input) => ({ celsius: 21 });',
      enabled: true,
      idempotent: true,
      timeoutMs: 1_000,
      argumentsText: '{}',
    });
    expect(result.workspace.settings.provider).toEqual(defaultRunSettings.provider);
    expect(result.workspace.scenarios).toEqual([{ id: 'scenario-1', name: 'One call', source: '{}' }]);
    expect(workspaceSchema.safeParse(result.workspace).success).toBe(true);
  });

  it('migrates version 1, which always streamed: its provider settings get stream on (issue 12)', () => {
    const current = makeWorkspace();
    current.settings.provider = { kind: 'ollama', model: 'llama3.1', baseUrl: 'http://localhost:11434/v1', stream: false };
    const { stream: _stream, ...v1Provider } = current.settings.provider;
    const v1 = { ...structuredClone(current), version: 1, settings: { ...structuredClone(current.settings), provider: v1Provider } };
    const result = migrateWorkspace(v1);
    expect(result).toMatchObject({ ok: true, migratedFrom: 1 });
    if (!result.ok) return;
    expect(result.workspace.settings.provider).toEqual({ ...v1Provider, stream: true });
    expect(result.workspace).toEqual({ ...current, settings: { ...current.settings, provider: { ...v1Provider, stream: true } } });
  });

  it('reports a broken v1 save with the paths of the v1 shape', () => {
    const v1 = { ...makeWorkspace(), version: 1, settings: { ...makeWorkspace().settings, provider: { kind: 'mock' } } };
    const result = migrateWorkspace(v1);
    expect(result).toMatchObject({ ok: false, reason: 'it is not a valid version 1 workspace' });
    if (result.ok) return;
    expect(result.issues?.map((issue) => issue.path)).toEqual([
      ['settings', 'provider', 'model'],
      ['settings', 'provider', 'baseUrl'],
    ]);
  });

  it('reports a broken v0 save with the paths of the v0 shape', () => {
    const v0 = makeV0Workspace();
    delete (v0.tools as Record<string, unknown>[])[0]!.code;
    const result = migrateWorkspace(v0);
    expect(result).toMatchObject({ ok: false, reason: 'it is not a valid version 0 workspace' });
    if (result.ok) return;
    expect(result.issues?.[0]?.path).toEqual(['tools', 0, 'code']);
  });

  it('reports a v0 tool name that the current rules refuse, at the same path', () => {
    const v0 = makeV0Workspace();
    (v0.tools as Record<string, unknown>[])[0]!.name = 'get weather';
    const result = migrateWorkspace(v0);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([{ path: ['tools', 0, 'name'], message: 'must match ^[a-zA-Z0-9_-]{1,64}$' }]);
  });

  it('reports schema failures of a current workspace with their paths', () => {
    const workspace = makeWorkspace();
    workspace.tools[2]!.name = 'has spaces';
    const result = migrateWorkspace(workspace);
    expect(result).toMatchObject({ ok: false, issues: [{ path: ['tools', 2, 'name'], message: expect.stringMatching(/^must match/) }] });
  });

  it('refuses a newer version and says so', () => {
    const result = migrateWorkspace({ ...makeWorkspace(), version: WORKSPACE_VERSION + 1 });
    expect(result).toMatchObject({ ok: false, newerVersion: true, reason: expect.stringContaining('newer Toolscope') });
  });

  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 'workspace'],
    ['no version', { tools: [] }],
    ['a fractional version', { version: 0.5 }],
    ['a negative version', { version: -1 }],
  ])('refuses %s without throwing', (_label, raw) => {
    expect(migrateWorkspace(raw).ok).toBe(false);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.record({ version: fc.integer({ min: -1, max: 3 }), tools: fc.anything(), settings: fc.anything() })),
        (raw) => {
          const result = migrateWorkspace(raw);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});
