import { stem } from './stem.ts';
import { stopWords } from './stop-words.ts';

// Stryker disable next-line Regex: without the + a run of separators leaves empty words, which the filter drops.
const separators = /[^\p{L}\p{N}]+/u;

/**
 * Words as a person would read them: tool and parameter names are identifiers, so `get_weather`,
 * `maxResults` and `HTTPServer` are split into their words before anything else happens.
 */
export function splitWords(text: string): string[] {
  return (
    text
      .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
      // An acronym ends one capital before a capitalised word: "HTTPServer" is "HTTP Server".
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .toLowerCase()
      .split(separators)
      .filter((word) => word.length > 0)
  );
}

/** Maps a stemmed word to the term it counts as (see `concepts.ts`); identity when absent. */
export type TermMap = ReadonlyMap<string, string>;

/**
 * The terms of a text: words, minus single letters and stop words, stemmed, then mapped to their
 * concept. The query and every tool text go through this same function, so they are comparable.
 */
export function tokenize(text: string, concepts?: TermMap): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (word.length < 2 || stopWords.has(word)) continue;
    const stemmed = stem(word);
    terms.push(concepts?.get(stemmed) ?? stemmed);
  }
  return terms;
}
