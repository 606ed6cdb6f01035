import { stem } from './stem.ts';
import type { TermMap } from './tokenize.ts';

/**
 * Words that count as one term. A lexical embedder only sees spelling, so without these "compute 17 * 23"
 * shares no word with a calculator that "evaluates an arithmetic expression", and "find articles" none
 * with a tool that "searches the web for pages". A model-based embedder learns such links; this short,
 * general list stands in for it in the offline default. Each group is everyday vocabulary for a common
 * kind of tool, never a tool's name. The first word of a group is the term the others become.
 */
export const defaultConceptGroups: readonly (readonly string[])[] = [
  ['calculate', 'calculator', 'compute', 'evaluate', 'arithmetic', 'math', 'maths', 'multiply', 'divide', 'subtract', 'sum'],
  ['search', 'find', 'browse', 'google'],
  ['page', 'article', 'website', 'webpage', 'site', 'blog'],
  ['email', 'mail', 'inbox'],
  ['weather', 'forecast', 'climate', 'rain', 'snow', 'sunny', 'windy'],
  ['user', 'customer', 'account', 'member', 'person', 'people'],
  ['currency', 'money', 'dollar', 'euro', 'pound', 'yen', 'forex'],
  ['inventory', 'stock', 'warehouse'],
  ['analyse', 'analyze', 'analysis', 'analytics'],
  ['job', 'task', 'chore'],
  ['city', 'town', 'place', 'location'],
];

/** Builds the stem -> term map used by `tokenize`. Later groups do not override a word already placed. */
export function conceptMap(groups: readonly (readonly string[])[]): TermMap {
  const map = new Map<string, string>();
  for (const group of groups) {
    const head = group[0];
    if (head === undefined) continue;
    const term = stem(head.toLowerCase());
    for (const word of group) {
      const stemmed = stem(word.toLowerCase());
      if (!map.has(stemmed)) map.set(stemmed, term);
    }
  }
  return map;
}
