// One shape for "what is wrong and where" across storage notices, file import and share links,
// so each caller only chooses how to print the path.
import type { z } from 'zod';
import type { Workspace } from './workspace-schema.ts';

export type IssuePath = readonly (string | number)[];

export interface WorkspaceIssue {
  path: IssuePath;
  message: string;
}

export function issuesFromZod(error: z.ZodError): WorkspaceIssue[] {
  return error.issues.map((issue) => ({
    // zod allows symbol keys in paths; JSON never produces them, but keep the type honest.
    path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
    message: issue.message,
  }));
}

/** `tools.2.name`: compact, for one-line notices. */
export function formatDottedPath(path: IssuePath): string {
  return path.length === 0 ? '(whole workspace)' : path.join('.');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `workspace.tools[2].name`: the JSON path people type in tools like jq. */
export function formatJsonPath(path: IssuePath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** The first few issues as one sentence; the rest are counted, never hidden without a trace. */
export function describeIssues(issues: readonly WorkspaceIssue[], limit = 3): string {
  const shown = issues.slice(0, limit).map((issue) => `${formatDottedPath(issue.path)}: ${issue.message}`);
  const hidden = issues.length - shown.length;
  return hidden > 0 ? `${shown.join('; ')} (and ${hidden} more)` : shown.join('; ');
}

/**
 * Names must be unique (the executor refuses to register a name twice) and ids are identities.
 * Checked on import and share links, not in the schema: while someone edits a name, a duplicate is a
 * normal intermediate state, and an autosave that holds one must still load.
 */
export function findDuplicateItems(workspace: Workspace): WorkspaceIssue[] {
  return [
    ...findDuplicates(workspace.tools, 'tools', 'name', 'tool name'),
    ...findDuplicates(workspace.tools, 'tools', 'id', 'tool id'),
    ...findDuplicates(workspace.scenarios, 'scenarios', 'id', 'scenario id'),
  ];
}

function findDuplicates<Item extends Record<Field, string>, Field extends string>(
  items: readonly Item[],
  listName: string,
  field: Field,
  label: string,
): WorkspaceIssue[] {
  const firstIndexByValue = new Map<string, number>();
  const issues: WorkspaceIssue[] = [];
  items.forEach((item, index) => {
    const value = item[field];
    const firstIndex = firstIndexByValue.get(value);
    if (firstIndex === undefined) {
      firstIndexByValue.set(value, index);
      return;
    }
    issues.push({
      path: [listName, index, field],
      message: `duplicate ${label} ${JSON.stringify(value)} (already used by ${listName}[${firstIndex}]); ${label}s must be unique`,
    });
  });
  return issues;
}
