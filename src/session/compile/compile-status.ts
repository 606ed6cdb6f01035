// What the compile queue knows of each tool, and what the store mirrors: the verdict on the sources as
// they are now, the parameters of the last good compile, and which sources each of those describes.
import type { ToolSource } from '../../workspace/workspace-schema.ts';
import type { ToolCompilationView } from '../workspace-view.ts';
import { typescriptLanguage, type CompileVerdict } from './compile-cache.ts';

export interface ToolCompilation extends ToolCompilationView {
  /** The sources this entry's verdict is on, so a stale answer is ignored. Null: no verdict yet (or the sandbox failed). */
  compiledSources: string | null;
  /** The sources of the last successful compile: the last good version a run falls back on. */
  goodSources?: string | null;
}

/** One tool's schema and code as one text, to tell which sources a compile or a run had. */
export const sourcesKey = (schemaSource: string, codeSource: string) => `${schemaSource}\u0000${codeSource}`;

/** Whether the compile on record is of this schema source (its parameters describe what the editor shows). */
export const schemaCompiled = (compilation: ToolCompilation | undefined, schemaSource: string): boolean =>
  compilation?.compiledSources?.startsWith(`${schemaSource}\u0000`) ?? false;

/** The tool with the sources of `key` (a sourcesKey), e.g. its last good ones. */
export function toolAtSources(tool: ToolSource, key: string): ToolSource {
  const separator = key.indexOf('\u0000');
  return { ...tool, schemaSource: key.slice(0, separator), codeSource: key.slice(separator + 1) };
}

/** The language a tool's sources are written in: part of what its compile verdict is kept under. */
export function languageOf(tool: ToolSource): string {
  return tool.language ?? typescriptLanguage;
}

/** A tool's status from a verdict on `key` (its sources): valid with its parameters, or its problems. */
export function compilationFromVerdict(key: string, verdict: CompileVerdict): ToolCompilation {
  return verdict.ok
    ? {
        status: 'valid',
        problems: [],
        parameters: verdict.parameters,
        ...(verdict.description === undefined ? {} : { description: verdict.description }),
        compiledSources: key,
        goodSources: key,
      }
    : { status: 'errors', problems: verdict.problems, parameters: null, compiledSources: key };
}
