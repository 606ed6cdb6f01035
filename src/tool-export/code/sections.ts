// Small helpers for laying out a generated file.
import type { PreparedTool } from './prepare-tool.ts';

/** Non-empty sections separated by one blank line, ending with a newline. */
export function joinSections(sections: readonly string[]): string {
  return `${sections
    .map((section) => section.trim())
    .filter(Boolean)
    .join('\n\n')}\n`;
}

/** Notes of several tools in one header: each prefixed with its tool's name. */
export function toolNotesForList(prepared: readonly PreparedTool[], notesOf: (entry: PreparedTool) => string[]): string[] {
  return prepared.flatMap((entry) => notesOf(entry).map((note) => `${entry.tool.name}: ${note}`));
}

/** A tool name as an object key: bare when it is an identifier, quoted otherwise (`my-tool`). */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}
