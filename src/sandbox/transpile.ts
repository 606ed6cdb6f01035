import { transform, type Options } from 'sucrase';
import { decodeMappings, type ColumnMap, type SourcePosition } from './source-map.ts';
import { messageOf, type Result } from '../core/index.ts';

// User sources are TypeScript modules. Sucrase strips the types and turns import/export into
// CommonJS (`require('zod')`, `exports.default = ...`), which the harness provides. It runs in the host
// as a pure string transform: nothing is evaluated here. Sucrase keeps line numbers unchanged, which
// is what lets runtime stack traces point back into the editor without a source map.

export type { SourcePosition } from './source-map.ts';

export interface SourceError extends SourcePosition {
  message: string;
}

/** What a worker script needs of a transpiled module, and what maps its positions back to the source. */
export interface TranspiledModule {
  code: string;
  lineCount: number;
  columnMap: ColumnMap;
}

export type TranspileResult = Result<TranspiledModule, { errors: SourceError[] }>;

/** A tool is a few hundred lines at most; a bigger source is almost certainly a paste gone wrong. */
export const maxSourceLength = 200_000;

export function transpileUserSource(source: string): TranspileResult {
  if (source.length > maxSourceLength) {
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: `The source is ${source.length} characters long; the limit is ${maxSourceLength}` }],
    };
  }
  try {
    const { code } = transform(source, transformOptions);
    let columnMap: ColumnMap | undefined;
    return {
      ok: true,
      code,
      lineCount: countLines(code),
      // Only an error's position needs the map: worked out (by the same transform, with a source map)
      // the first time one is asked for. Making and decoding a map for every module was half the
      // transpile time of an import of 500 tools, and most modules never throw.
      get columnMap(): ColumnMap {
        return (columnMap ??= columnMapOf(source));
      },
    };
  } catch (error) {
    return { ok: false, errors: [syntaxErrorToSourceError(error)] };
  }
}

const transformOptions = { transforms: ['typescript', 'imports'], production: true, filePath: 'tool.ts' } satisfies Options;

function columnMapOf(source: string): ColumnMap {
  const { sourceMap } = transform(source, { ...transformOptions, sourceMapOptions: { compiledFilename: 'tool.js' } });
  return sourceMap ? decodeMappings(sourceMap.mappings) : [];
}

export function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}

/** Sucrase's SyntaxError carries `loc` (1-based line, 0-based column) and repeats it in the message. */
function syntaxErrorToSourceError(error: unknown): SourceError {
  const message = messageOf(error);
  const location = (error as { loc?: { line?: unknown; column?: unknown } } | null)?.loc;
  const cleanMessage = message.replace(/^Error transforming [^:]*: /, '').replace(/\s*\(\d+:\d+\)\s*$/, '');
  if (location && typeof location.line === 'number' && typeof location.column === 'number') {
    return { line: location.line, column: location.column + 1, message: cleanMessage };
  }
  const fromMessage = /\((\d+):(\d+)\)\s*$/.exec(message);
  if (fromMessage) return { line: Number(fromMessage[1]), column: Number(fromMessage[2]) + 1, message: cleanMessage };
  return { line: 1, column: 1, message: cleanMessage };
}

/** Where `export default` is, for errors about what it exports; line 1 if there is none. */
export function findDefaultExport(source: string): SourcePosition {
  const match = /^([\s\S]*?)\bexport\s+default\b/.exec(source);
  if (!match) return { line: 1, column: 1 };
  const before = match[1] ?? '';
  const line = countLines(before);
  return { line, column: before.length - before.lastIndexOf('\n') };
}

/** Whether a transpiled module imports zod (sucrase writes every import as a `require` call). */
export function requiresZod(transpiledCode: string): boolean {
  return /\brequire\((['"])zod(\/v4)?\1\)/.test(transpiledCode);
}
