import { messageOf } from './errors.ts';
import { modelFacingError } from './results.ts';
import type { ToolCallResult } from './tool-result.ts';

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
  // The note (often '') is not cut while it fits: it is what tells the model its call did not do all it
  // asked for. Below that, result and note are cut as one text, keeping the head of one and the end of the other.
  const room = wholeLength(maxLength) - note.length;
  return room >= 0 ? `${truncateMiddle(text, room)}${note}` : truncateMiddle(`${text}${note}`, maxLength);
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

const truncationMarker = (omitted: number): string => `\n…[${omitted} characters truncated]…\n`;
const earlierMarker = /\n…\[(\d+) characters truncated\]…\n/g;

/** Where text was cut before (the sandbox cuts long strings the same way): each marker and what it stood for. */
function earlierCuts(text: string): { start: number; end: number; omitted: number }[] {
  return [...text.matchAll(earlierMarker)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    omitted: Number(match[1]),
  }));
}

/**
 * Never longer than `maxLength` (rounded down; below 0 or NaN is 0). A text cut before keeps its count:
 * when the new cut takes in an earlier marker, the one marker left says what both cuts removed
 * (issue 30: a 20 MB result the sandbox had cut to 1 MB read "[4032 characters truncated]").
 */
export function truncateMiddle(text: string, maxLength: number): string {
  const limit = wholeLength(maxLength);
  if (text.length <= limit) return text;
  const earlier = earlierCuts(text);
  // The marker's length depends on the number it shows; size it for the worst case, then split the rest.
  const room = limit - truncationMarker(earlier.reduce((total, cut) => total + cut.omitted, text.length)).length;
  // Too small a bound for the marker: the head, and an ellipsis that says the text goes on.
  if (room < 0) return limit === 0 ? '' : `${text.slice(0, headEnd(text, limit - 1))}…`;
  let headLength = Math.ceil(room / 2);
  let tailStart = text.length - (room - headLength);
  // Never split a surrogate pair: the model would see a broken character.
  headLength = headEnd(text, headLength);
  // Past the end, charCodeAt is NaN, which is no surrogate.
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart++;
  // An earlier marker the cut reaches into goes whole (markers start and end with a newline: no pair is split).
  for (const cut of earlier) {
    if (cut.end <= headLength || cut.start >= tailStart) continue;
    headLength = Math.min(headLength, cut.start);
    tailStart = Math.max(tailStart, cut.end);
  }
  let omitted = tailStart - headLength;
  for (const cut of earlier) if (cut.start >= headLength && cut.end <= tailStart) omitted += cut.omitted - (cut.end - cut.start);
  return `${text.slice(0, headLength)}${truncationMarker(omitted)}${text.slice(tailStart)}`;
}

/** JSON that never throws: cycles, BigInt and Error values all get a readable form. */
export function safeStringify(value: unknown): string {
  // Stryker disable next-line ArrayDeclaration: a string on the stack is popped at the first value, never equal to an object.
  const ancestors: object[] = [];
  const replacer = function (this: unknown, _key: string, raw: unknown): unknown {
    if (typeof raw === 'bigint') return raw.toString();
    const current = raw instanceof Error ? { name: raw.name, message: raw.message } : raw;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut; a primitive put on the stack is popped before the next object is checked.
    if (current === null || typeof current !== 'object') return current;
    // `this` is the holder of `current`: drop ancestors we have left, then check for a cycle.
    while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop();
    if (ancestors.includes(current)) return '[Circular]';
    ancestors.push(current);
    return current;
  };
  try {
    // Undefined, a function or a symbol at the top give no JSON at all.
    return JSON.stringify(value, replacer) ?? 'null';
  } catch (error) {
    return JSON.stringify({ error: `Result could not be serialized: ${messageOf(error)}` });
  }
}

function wholeLength(maxLength: number): number {
  // Stryker disable next-line EqualityOperator: at 0 both sides give 0.
  return maxLength >= 0 ? Math.floor(maxLength) : 0;
}

/** Where a head of at most `length` characters ends without splitting a surrogate pair. */
function headEnd(text: string, length: number): number {
  // For an empty head, charCodeAt(-1) is NaN, which is no surrogate.
  return isHighSurrogate(text.charCodeAt(length - 1)) ? length - 1 : length;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
