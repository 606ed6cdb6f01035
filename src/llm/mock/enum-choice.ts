// Which enum value a request names for a field. "Convert 100 USD to EUR" names two values of the same
// list, so `from` and `to` get one each: by the word before them ("from USD", "to EUR") where the field's
// name says which, else in the order the request names them. A value already given to another field is
// not given again while the request names one that is still free.
import { stem, words } from './words.ts';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words that, before a value, say it is the source or the target of something. */
const prepositionsByRole: [RegExp, string][] = [
  [/^(from|source|origin|base|src|start)$/, 'from'],
  [/^(to|target|destination|quote|into|dest|end)$/, 'to|into|in'],
];

function roleOf(fieldName: string): string | undefined {
  for (const word of words(fieldName))
    for (const [pattern, prepositions] of prepositionsByRole) if (pattern.test(word)) return prepositions;
  return undefined;
}

/** Where the request first names the option (as a word, or a phrase), or -1. */
function mentionAt(message: string, option: string): number {
  const exact = new RegExp(`(?<![\\p{L}\\d])${escape(option)}(?![\\p{L}\\d])`, 'iu').exec(message);
  if (exact) return exact.index;
  // "fahrenheit" for an option "fahrenheit", "cities" for "city": the stemmed word.
  const target = stem(option.toLowerCase());
  let offset = 0;
  for (const word of message.split(/([^\p{L}\d]+)/u)) {
    if (word !== '' && stem(word.toLowerCase()) === target) return offset;
    offset += word.length;
  }
  return -1;
}

/**
 * The option the request names for this field, or undefined. `taken` holds values other fields of the
 * same object already got from the request.
 */
export function enumFromMessage(options: readonly unknown[], fieldName: string, message: string, taken: ReadonlySet<unknown>): unknown {
  const mentioned = options
    .filter((option): option is string => typeof option === 'string' && option !== '')
    .map((option) => ({ option, at: mentionAt(message, option) }))
    .filter((entry) => entry.at >= 0)
    .sort((first, second) => first.at - second.at)
    .map((entry) => entry.option);
  if (mentioned.length === 0) return undefined;
  const role = roleOf(fieldName);
  if (role) {
    const marked = mentioned.find((option) => new RegExp(`\\b(${role})\\s+${escape(option)}(?![\\p{L}\\d])`, 'iu').test(message));
    if (marked !== undefined && !taken.has(marked)) return marked;
  }
  const free = mentioned.filter((option) => !taken.has(option));
  // A target named after its source ("100 USD to EUR"): the later free value, not the first.
  if (role?.startsWith('to') && free.length > 1) return free[free.length - 1];
  return free[0];
}

/** The value of a field the request does not name: its default, else the first option no other field took. */
export function enumFallback(options: readonly unknown[], fallback: unknown, taken: ReadonlySet<unknown>): unknown {
  if (fallback !== undefined && options.includes(fallback) && !taken.has(fallback)) return fallback;
  return options.find((option) => !taken.has(option)) ?? fallback ?? options[0];
}
