// Where things are in a JSON text, so import errors can point at a line and column.
import { scanJson } from './json-scanner.ts';
import type { IssuePath } from './workspace-issues.ts';

export interface TextPosition {
  /** 0-based index in the text. */
  offset: number;
  /** 1-based, as editors show them. */
  line: number;
  column: number;
}

export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { offset, line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The first syntax error in a JSON text, or undefined when the text is valid JSON. */
export function findJsonSyntaxError(text: string): { message: string; position: TextPosition } | undefined {
  const result = scanJson(text);
  return result.ok ? undefined : { message: result.message, position: positionAt(text, result.offset) };
}

/**
 * Position of the property (its key) or array item at `path`. When the path does not exist (a
 * required field is missing) it is the deepest part that does, i.e. the object that lacks the field.
 */
export function locateJsonPath(text: string, path: IssuePath): TextPosition | undefined {
  const found: number[] = [];
  // A text with a syntax error still yields the positions found before the error.
  scanJson(text, (current, offset) => {
    if (current.length > path.length || !current.every((segment, index) => segment === path[index])) return false;
    found[current.length] ??= offset;
    return current.length === path.length;
  });
  const deepest = found.findLastIndex((offset) => offset !== undefined);
  const offset = found[deepest];
  return offset === undefined ? undefined : positionAt(text, offset);
}
