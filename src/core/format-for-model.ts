import { messageOf } from './errors.ts';
import { modelFacingError } from './results.ts';
import type { ToolCallResult } from './types.ts';

export interface FormatOptions {
  /** Longest text sent back, in characters. Default 16_000 (about 4k tokens). */
  maxLength?: number;
}

export const defaultMaxModelTextLength = 16_000;

/**
 * The exact text the model reads for a call. Strings go as they are; everything else (including error
 * results, `{ error, details? }`) as JSON. Long text keeps its head and its tail, because the start
 * usually says what the output is and the end holds totals, last lines and error summaries.
 */
export function formatForModel(result: ToolCallResult, options: FormatOptions = {}): string {
  const payload = modelFacingPayload(result);
  const text = typeof payload === 'string' ? payload : safeStringify(payload);
  const maxLength = options.maxLength ?? defaultMaxModelTextLength;
  const note = ignoredKeysNote(result.ignoredKeys);
  // The note is never cut: it is what tells the model its call did not do all it asked for.
  return note === '' ? truncateMiddle(text, maxLength) : `${truncateMiddle(text, Math.max(0, maxLength - note.length))}${note}`;
}

/** What the model reads for a call, before it becomes text: the value, or `{ error, details? }`. */
export function modelFacingPayload(result: ToolCallResult): unknown {
  return result.status === 'success' ? result.result : modelFacingError(result.error, result.details);
}

/** Shown after the result, so a model that invented an argument learns it had no effect. */
export function ignoredKeysNote(ignoredKeys: readonly string[] | undefined, shown = 20): string {
  if (!ignoredKeys || ignoredKeys.length === 0) return '';
  const listed = ignoredKeys.slice(0, shown).map((path) => JSON.stringify(path));
  const more = ignoredKeys.length > shown ? ` and ${ignoredKeys.length - shown} more` : '';
  const what =
    ignoredKeys.length === 1
      ? "this argument is not in the tool's schema and was"
      : "these arguments are not in the tool's schema and were";
  return `\n\nNote: ${what} ignored: ${listed.join(', ')}${more}.`;
}

export function truncateMiddle(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  // The marker's length depends on the number it shows; size it for the worst case, then split the rest.
  const marker = (omitted: number): string => `\n…[${omitted} characters truncated]…\n`;
  const room = Math.max(0, maxLength - marker(text.length).length);
  let headLength = Math.ceil(room / 2);
  let tailStart = text.length - (room - headLength);
  // Never split a surrogate pair: the model would see a broken character.
  if (headLength > 0 && isHighSurrogate(text.charCodeAt(headLength - 1))) headLength--;
  if (tailStart < text.length && isLowSurrogate(text.charCodeAt(tailStart))) tailStart++;
  return `${text.slice(0, headLength)}${marker(tailStart - headLength)}${text.slice(tailStart)}`;
}

/** JSON that never throws: cycles, BigInt and Error values all get a readable form. */
export function safeStringify(value: unknown): string {
  const ancestors: object[] = [];
  const replacer = function (this: unknown, _key: string, raw: unknown): unknown {
    if (typeof raw === 'bigint') return raw.toString();
    const current = raw instanceof Error ? { name: raw.name, message: raw.message } : raw;
    if (current === null || typeof current !== 'object') return current;
    // `this` is the holder of `current`: drop ancestors we have left, then check for a cycle.
    while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop();
    if (ancestors.includes(current)) return '[Circular]';
    ancestors.push(current);
    return current;
  };
  try {
    return JSON.stringify(value === undefined ? null : value, replacer) ?? 'null';
  } catch (error) {
    return JSON.stringify({ error: `Result could not be serialized: ${messageOf(error)}` });
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
