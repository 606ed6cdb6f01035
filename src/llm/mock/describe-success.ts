// A successful result in words, the way a model retells it: "Reykjavik: 4 °C, cloudy, humidity 64 %",
// not `city Reykjavik, temperature 4, unit celsius`. Fields a person would not read aloud (ids, wall-clock
// timestamps, echoes of the arguments) are left out; fields with no phrase of their own read as
// "<field in words> <value>".
import { words } from './words.ts';

type Fields = Record<string, unknown>;
type Phrase = (value: unknown, record: Fields, key: string) => string | null;

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const months = 'January February March April May June July August September October November December'.split(' ');

export function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** "11 February 2023" for "2023-02-11"; undefined for anything else. */
function dateInWords(value: unknown): string | undefined {
  const match = typeof value === 'string' ? isoDate.exec(value) : null;
  if (!match) return undefined;
  return `${Number(match[3])} ${months[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

const unitSymbol = (unit: unknown): string => (unit === 'fahrenheit' ? ' °F' : unit === 'celsius' ? ' °C' : '°');

/** Phrases by field name, for the shapes tools commonly return; `null` leaves the field out. */
const phrases: [RegExp, Phrase][] = [
  [/^temperature$/, (value, record) => `${String(value)}${unitSymbol(record.unit)}`],
  [/^(unit|units|attempt|message_id|id|in_flight)$/, () => null],
  [/^(conditions|sky|weather|summary|status)$/, (value) => String(value)],
  [/^humidity$/, (value) => `humidity ${String(value)} %`],
  [/^(available_units|in_stock|stock|quantity)$/, (value) => `${String(value)} in stock`],
  [/^(warehouse|location)$/, (value) => `at ${String(value)}`],
  [/^requests_in_flight$/, (value) => `${String(value)} request${value === 1 ? '' : 's'} in flight at the service`],
  [/^plan$/, (value) => `on the ${String(value)} plan`],
  [/^accepted$/, (value) => (value === true ? 'accepted for delivery' : 'not accepted')],
  [
    /^rate$/,
    (value, record) => (record.base && record.quote ? `1 ${String(record.base)} = ${String(value)} ${String(record.quote)}` : null),
  ],
  [/^(base|quote)$/, (_value, record) => (record.rate !== undefined ? null : String(_value))],
  [/^result$/, (value, record) => (record.expression !== undefined ? `${String(record.expression)} = ${String(value)}` : null)],
  [/^sections$/, (value) => (Array.isArray(value) ? `a report in ${value.length} sections` : null)],
  [/^iterations$/, (value) => `after ${String(value)} iterations`],
  [
    /(^|_)ms$/,
    (value, _record, key) => (typeof value === 'number' ? `${words(key).slice(0, -1).join(' ')} ${String(value)} ms`.trim() : null),
  ],
  [
    /_(at|on)$/,
    (value, _record, key) =>
      typeof value === 'string' && isoDateTime.test(value)
        ? null
        : `${words(key).slice(0, -1).join(' ')} ${dateInWords(value) ?? String(value)}`,
  ],
];

/** What a list holds: its length and the first titles ("3 results: “A”, “B”, “C”"). */
function listInWords(key: string, list: unknown[]): string {
  const noun = words(key).join(' ') || 'items';
  if (list.length === 0) return `no ${noun}`;
  const titleOf = (item: unknown): string =>
    typeof item === 'string' || typeof item === 'number'
      ? String(item)
      : item && typeof item === 'object'
        ? String((item as Fields).title ?? (item as Fields).name ?? (item as Fields).id ?? '')
        : '';
  const titles = list
    .slice(0, 3)
    .map(titleOf)
    .filter((title) => title !== '')
    .map((title) => `“${clip(title, 50)}”`);
  const count = `${list.length} ${list.length === 1 ? noun.replace(/s$/, '') : noun}`;
  return titles.length > 0 ? `${count}: ${titles.join(', ')}${list.length > 3 ? ', …' : ''}` : count;
}

function fieldInWords(key: string, value: unknown, record: Fields): string | null {
  const phrase = phrases.find(([pattern]) => pattern.test(key))?.[1];
  if (phrase) return phrase(value, record, key);
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return listInWords(key, value);
  if (typeof value === 'boolean') return value ? words(key).join(' ') : `not ${words(key).join(' ')}`;
  if (typeof value === 'object') return `${words(key).join(' ')} (${Object.keys(value).length} fields)`;
  if (typeof value === 'string' && isoDateTime.test(value)) return null;
  return `${words(key).join(' ')} ${clip(dateInWords(value) ?? String(value), 60)}`;
}

/** Fields that name what a result is about, in the order they are preferred. */
const subjectFields = ['name', 'city', 'title', 'topic', 'job', 'query', 'product_id', 'item_id', 'user_id', 'analysis', 'to'];

/** The thing a result is about: its name field, or the call's first short text argument. */
export function subjectOf(value: unknown, argumentsObject: Fields): string | undefined {
  const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
  for (const field of subjectFields) if (typeof record[field] === 'string' && record[field] !== '') return String(record[field]);
  const texts = Object.values(argumentsObject).filter((entry): entry is string => typeof entry === 'string' && entry.length <= 60);
  // Two short codes name a pair ("EUR/USD"); otherwise the first text argument says what the call was about.
  if (texts.length >= 2 && texts[0]!.length <= 5 && texts[1]!.length <= 5) return `${texts[0]}/${texts[1]}`;
  return texts[0];
}

/** The result's content in words, without its subject (the caller puts that first). */
export function successInWords(value: unknown, argumentsObject: Fields = {}): string {
  if (value === null || value === undefined) return 'done, nothing returned';
  if (typeof value === 'string') return clip(value.trim() === '' ? 'done' : value.trim(), 120);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return listInWords('items', value);
  const record = value as Fields;
  const subject = subjectOf(record, argumentsObject);
  const echoed = (key: string): boolean => record[key] === subject || (key in argumentsObject && argumentsObject[key] === record[key]);
  const parts = Object.entries(record)
    .filter(([key, entry]) => !echoed(key) || Array.isArray(entry))
    .map(([key, entry]) => fieldInWords(key, entry, record))
    .filter((part): part is string => part !== null && part !== '');
  if (parts.length === 0) return /finished|completed|done/.test(Object.keys(record).join(' ')) ? 'finished' : 'done';
  return parts.slice(0, 5).join(', ') + (parts.length > 5 ? ', …' : '');
}

/** A result as text to pass on (the body of an email that sends a report): its lists line by line, then the rest in words. */
export function resultAsText(value: unknown, argumentsObject: Fields = {}): string {
  if (typeof value === 'string') return value;
  const subject = subjectOf(value, argumentsObject);
  const lines = value && typeof value === 'object' && !Array.isArray(value) ? Object.values(value as Fields).filter(Array.isArray) : [];
  const listed = lines.flat().map((item) => (typeof item === 'string' ? item : successInWords(item)));
  const body = listed.length > 0 ? listed.join('\n') : successInWords(value, argumentsObject);
  return subject ? `${subject}\n\n${body}` : body;
}
