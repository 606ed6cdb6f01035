// A text field's value from the request: a value in the field's format found in the message, the
// arithmetic for an expression, what an earlier step returned for a body or a subject, the request's own
// phrase for free text, a name for a name. Only values the field's schema accepts (pattern, format,
// lengths); undefined when the message has none, so the sampler builds one that fits.
import type { Pools } from './argument-pools.ts';
import { fitsSchema, type Schema } from './schema-sample.ts';
import { arithmeticIn, quotedPhrases, topicOf } from './words.ts';

/** Text in a format, as it appears in a message. */
const inMessage: Record<string, RegExp> = {
  email: /[\w.+-]+@[\w-]+\.[\w.-]*\w/,
  uri: /[a-z][a-z0-9+.-]*:\/\/\S*[^\s.,;:!?)]/i,
  url: /https?:\/\/\S*[^\s.,;:!?)]/,
  date: /\b\d{4}-\d{2}-\d{2}\b/,
  'date-time': /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})/,
  time: /\b\d{2}:\d{2}(:\d{2})?\b/,
  uuid: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i,
  ipv4: /\b(\d{1,3}\.){3}\d{1,3}\b/,
  hostname: /\b[a-z0-9-]+(\.[a-z0-9-]+)+\b/i,
};

const expressionField = /^(expression|formula|equation|math)$/i;
const bodyField = /(^|_)(body|content|text|message|report|details|attachment)$/i;
const subjectField = /(^|_)(subject|title|heading)$/i;
/** Fields that take a phrase, not a name: what to search, what a report is about. */
const phraseField =
  /(^|_)(query|q|search|topic|prompt|question|keywords?|subject|title|heading|body|text|content|message|description|summary|job|task|analysis|note|comment|instructions?|reason)$/i;

function clipTo(text: string, schema: Schema): string {
  const maximum = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return [...text].length > maximum ? [...text].slice(0, maximum).join('') : text;
}

function fitting(candidate: string | undefined, schema: Schema): string | undefined {
  if (candidate === undefined || candidate.trim() === '') return undefined;
  const clipped = clipTo(candidate, schema);
  return fitsSchema(clipped, schema) ? clipped : undefined;
}

/** The value, and whether it came from the message; undefined to let the sampler fill the field. */
export function stringFor(schema: Schema, name: string, pools: Pools): { value: string; fromMessage: boolean } | undefined {
  const found = (value: string | undefined) => (value === undefined ? undefined : { value, fromMessage: true });
  const format = typeof schema.format === 'string' ? inMessage[schema.format] : undefined;
  if (format) return found(fitting(format.exec(pools.message)?.[0], schema));
  if (expressionField.test(name)) {
    const arithmetic = arithmeticIn(pools.message).find((candidate) => fitsSchema(candidate, schema));
    if (arithmetic !== undefined) return found(arithmetic);
  }
  const carried = bodyField.test(name) ? pools.carried?.text : subjectField.test(name) ? pools.carried?.subject : undefined;
  const fromEarlier = fitting(carried, schema);
  if (fromEarlier !== undefined) return { value: fromEarlier, fromMessage: true };
  if (phraseField.test(name)) {
    const phrase =
      quotedPhrases(pools.message).find((candidate) => fitsSchema(candidate, schema)) ?? fitting(topicOf(pools.message), schema);
    if (phrase !== undefined) {
      pools.strings = pools.strings.filter((candidate) => candidate !== phrase);
      return found(phrase);
    }
  }
  // A name or quoted phrase from the message, if the field takes it (a pattern may not).
  const taken = pools.strings.findIndex((candidate) => fitsSchema(candidate, schema));
  if (taken !== -1) return found(pools.strings.splice(taken, 1)[0]);
  // An author's default or example is a better guess than the message's words for a constrained field.
  if (schema.default !== undefined || Array.isArray(schema.examples) || typeof schema.pattern === 'string') return undefined;
  return found(fitting(topicOf(pools.message), schema));
}
