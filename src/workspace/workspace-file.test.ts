import { describe, expect, it } from 'vitest';
import { makeTool, makeV0Workspace, makeWorkspace } from './fixed-workspaces.test-support.ts';
import { MAX_IMPORT_CHARACTERS, exportWorkspace, importWorkspace } from './workspace-file.ts';
import { WORKSPACE_VERSION } from './workspace-schema.ts';

const exportedAt = () => Date.parse('2025-06-01T10:00:00.000Z');

/** 1-based line of the first line of `text` that contains `fragment`. */
function lineOf(text: string, fragment: string): number {
  return text.split('\n').findIndex((line) => line.includes(fragment)) + 1;
}

/** 1-based column where `fragment` starts on its line. */
function columnOf(text: string, fragment: string): number {
  return (text.split('\n')[lineOf(text, fragment) - 1] ?? '').indexOf(fragment) + 1;
}

describe('exportWorkspace', () => {
  it('writes pretty JSON with format, version and time', () => {
    const text = exportWorkspace(makeWorkspace(), exportedAt);
    expect(
      text.startsWith(
        `{\n  "format": "toolscope-workspace",\n  "version": ${WORKSPACE_VERSION},\n  "exportedAt": "2025-06-01T10:00:00.000Z"`,
      ),
    ).toBe(true);
  });

  it('strips any field named like a key, wherever it was smuggled in', () => {
    const workspace = makeWorkspace();
    Object.assign(workspace.settings.provider, { apiKey: 'sk-one' });
    Object.assign(workspace.tools[0]!, { authorization: 'Bearer two' });
    Object.assign(workspace, { key: 'three' });
    const text = exportWorkspace(workspace, exportedAt);
    for (const secret of ['sk-one', 'Bearer two', 'three']) expect(text).not.toContain(secret);
  });
});

describe('importWorkspace', () => {
  it('round-trips an export', () => {
    const workspace = makeWorkspace();
    expect(importWorkspace(exportWorkspace(workspace))).toEqual({ ok: true, workspace });
  });

  it('accepts a bare workspace object and a byte order mark', () => {
    const workspace = makeWorkspace();
    expect(importWorkspace(`\uFEFF${JSON.stringify(workspace)}`)).toEqual({ ok: true, workspace });
  });

  it('gives the line and column of a JSON syntax error', () => {
    const text = '{\n  "format": "toolscope-workspace",\n  "version": 1,,\n}';
    expect(importWorkspace(text)).toEqual({
      ok: false,
      errors: [{ path: '', message: expect.stringMatching(/^Not valid JSON: /), line: 3, column: 16 }],
    });
  });

  it('gives the JSON path and line of a schema error', () => {
    const workspace = makeWorkspace();
    workspace.tools[2]!.name = 'has spaces';
    const text = exportWorkspace(workspace);
    const result = importWorkspace(text);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          path: 'workspace.tools[2].name',
          message: 'must match ^[a-zA-Z0-9_-]{1,64}$',
          line: lineOf(text, '"has spaces"'),
          column: columnOf(text, '"has spaces"'),
        },
      ],
    });
  });

  it('points a missing field at the object that lacks it', () => {
    const text = exportWorkspace(makeWorkspace()).replace('"enabled": false,\n', '');
    const result = importWorkspace(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ path: 'workspace.tools[2].enabled', line: lineOf(text, '"id": "tool-search"') - 1 });
  });

  it('refuses duplicate tool names, with the path of the second one', () => {
    const text = exportWorkspace(makeWorkspace({ tools: [makeTool({ id: 'a' }), makeTool({ id: 'b' })] }));
    const result = importWorkspace(text);
    expect(result).toMatchObject({
      ok: false,
      errors: [{ path: 'workspace.tools[1].name', message: expect.stringContaining('duplicate tool name "get_weather"') }],
    });
    if (!result.ok) expect(result.errors[0]?.line).toBe(text.split('\n').findLastIndex((line) => line.includes('"get_weather"')) + 1);
  });

  it('migrates a file of an older version', () => {
    const text = JSON.stringify({ format: 'toolscope-workspace', version: 0, exportedAt: '', workspace: makeV0Workspace() });
    expect(importWorkspace(text)).toMatchObject({ ok: true, migratedFrom: 0, workspace: { version: WORKSPACE_VERSION } });
  });

  it('reports errors of an older file with the paths in that file', () => {
    const v0 = makeV0Workspace();
    (v0.tools as Record<string, unknown>[])[0]!.code = 42;
    const text = JSON.stringify({ format: 'toolscope-workspace', version: 0, workspace: v0 }, null, 2);
    expect(importWorkspace(text)).toMatchObject({
      ok: false,
      errors: [{ path: 'workspace.tools[0].code', line: lineOf(text, '"code": 42') }],
    });
  });

  it.each([
    ['a newer file', { format: 'toolscope-workspace', version: WORKSPACE_VERSION + 1, workspace: {} }, 'version', /newer Toolscope/],
    ['a newer workspace', { format: 'toolscope-workspace', version: 1, workspace: { version: 5 } }, 'workspace.version', /newer Toolscope/],
    ['another format', { format: 'something-else', workspace: {} }, 'format', /Expected "toolscope-workspace"/],
    ['an unrelated object', { hello: 'world' }, '', /no "format": "toolscope-workspace"/],
    ['an array', [1, 2], '', /expected a JSON object/],
    ['a file without a workspace', { format: 'toolscope-workspace', version: 1 }, '', /no "workspace" field/],
  ])('refuses %s, saying where', (_label, document, path, message) => {
    expect(importWorkspace(JSON.stringify(document))).toMatchObject({
      ok: false,
      errors: [{ path, message: expect.stringMatching(message) }],
    });
  });

  it('caps the number of errors it lists and counts the rest', () => {
    const tools = Array.from({ length: 30 }, (_, index) => makeTool({ id: `t${index}`, name: `bad name ${index}` }));
    const result = importWorkspace(exportWorkspace(makeWorkspace({ tools })));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(21);
    expect(result.errors[20]).toEqual({ path: '', message: '…and 10 more problems' });
  });

  it('refuses a file that is far too large, or absurdly nested, without throwing', () => {
    expect(importWorkspace(' '.repeat(MAX_IMPORT_CHARACTERS + 1))).toMatchObject({
      ok: false,
      errors: [{ message: expect.stringContaining('too large') }],
    });
    expect(importWorkspace('['.repeat(200_000) + ']'.repeat(200_000)).ok).toBe(false);
  });
});
