// Export and import of a workspace as a JSON file. Import errors say what is wrong and where: the
// JSON path, and the line and column in the text when they can be found.
import { parseJsonWithPositions, type PositionedJson } from '../llm/json-positions.ts';
import { migrateWorkspace } from './migrations.ts';
import { withoutCredentials } from './credential-fields.ts';
import { findDuplicateItems, formatJsonPath, type IssuePath, type WorkspaceIssue } from './workspace-issues.ts';
import { WORKSPACE_VERSION, workspaceSchema, type Workspace } from './workspace-schema.ts';
import type { Result } from '../core/index.ts';

export const WORKSPACE_FILE_FORMAT = 'toolscope-workspace';
/** Above what browser storage can keep anyway; stops a wrong file (a video, a log) from freezing the tab. */
export const MAX_IMPORT_CHARACTERS = 5_000_000;
const MAX_REPORTED_ERRORS = 20;

export interface ImportError {
  /** JSON path such as `workspace.tools[2].name`; empty for the file as a whole. */
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export type ImportResult = Result<{ workspace: Workspace; migratedFrom?: number }, { errors: ImportError[] }>;

export function exportWorkspace(workspace: Workspace, now: () => number = Date.now): string {
  const file = {
    format: WORKSPACE_FILE_FORMAT,
    version: WORKSPACE_VERSION,
    exportedAt: new Date(now()).toISOString(),
    workspace: withoutCredentials(workspaceSchema, workspace).value,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function importWorkspace(fileText: string): ImportResult {
  // Editors on Windows may save a byte order mark, which JSON.parse rejects.
  const text = fileText.replace(/^\uFEFF/, '');
  if (text.length > MAX_IMPORT_CHARACTERS) {
    return fail([{ path: '', message: `The file is too large (${text.length} characters; the limit is ${MAX_IMPORT_CHARACTERS}).` }]);
  }
  // The positioned parser (shared with the scenario editor) gives line and column for syntax errors in
  // every engine, and the position of any path for schema errors; it stops at a nesting no workspace has.
  const parsed: PositionedJson = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const { line, column } = parsed.position;
    const message = parsed.tooDeep ? `Not a workspace: ${parsed.message}` : `Not valid JSON: ${parsed.message}`;
    return fail([{ path: '', message, line, column }]);
  }
  const located = (issues: readonly WorkspaceIssue[], prefix: IssuePath): ImportError[] =>
    issues.map((issue) => {
      const path = [...prefix, ...issue.path];
      const { line, column } = parsed.rangeOf(path).start;
      return { path: formatJsonPath(path), message: issue.message, line, column };
    });

  const found = findWorkspace(parsed.value);
  if (!found.ok) return fail(located([found.issue], []));
  const result = migrateWorkspace(found.workspace);
  if (!result.ok) {
    const path = result.newerVersion ? ['version'] : [];
    const issues = result.issues ?? [{ path, message: capitalize(result.reason) }];
    return fail(located(issues, found.prefix));
  }
  const duplicates = findDuplicateItems(result.workspace);
  if (duplicates.length > 0) return fail(located(duplicates, found.prefix));
  return result.migratedFrom === undefined
    ? { ok: true, workspace: result.workspace }
    : { ok: true, workspace: result.workspace, migratedFrom: result.migratedFrom };
}

/** An exported file wraps the workspace; a bare workspace object (copied from elsewhere) is accepted too. */
function findWorkspace(document: unknown): Result<{ workspace: unknown; prefix: IssuePath }, { issue: WorkspaceIssue }> {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { ok: false, issue: { path: [], message: 'Not a Toolscope workspace file: expected a JSON object' } };
  }
  const file = document as Record<string, unknown>;
  if (!('format' in file)) {
    if ('tools' in file && 'settings' in file) return { ok: true, workspace: file, prefix: [] };
    return { ok: false, issue: { path: [], message: `Not a Toolscope workspace file: there is no "format": "${WORKSPACE_FILE_FORMAT}"` } };
  }
  if (file.format !== WORKSPACE_FILE_FORMAT) {
    return { ok: false, issue: { path: ['format'], message: `Expected "${WORKSPACE_FILE_FORMAT}", found ${JSON.stringify(file.format)}` } };
  }
  if (typeof file.version === 'number' && file.version > WORKSPACE_VERSION) {
    const message = `This file comes from a newer Toolscope (version ${file.version}; this one knows up to ${WORKSPACE_VERSION})`;
    return { ok: false, issue: { path: ['version'], message } };
  }
  if (!('workspace' in file)) return { ok: false, issue: { path: [], message: 'The file has no "workspace" field' } };
  return { ok: true, workspace: file.workspace, prefix: ['workspace'] };
}

function fail(errors: ImportError[]): ImportResult {
  if (errors.length <= MAX_REPORTED_ERRORS) return { ok: false, errors };
  const hidden = errors.length - MAX_REPORTED_ERRORS;
  return { ok: false, errors: [...errors.slice(0, MAX_REPORTED_ERRORS), { path: '', message: `…and ${hidden} more problems` }] };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
