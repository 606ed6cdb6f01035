import { stem } from './stem.ts';
import type { TermMap } from './tokenize.ts';

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
