// Word handling for the free-form mock model: it reads a message the cheap way (word overlap), which is
// enough to route "weather in Paris" to get_weather and show the executor at work.

const stopWords = new Set(
  (
    'a an and are as at be but by can could do does for from get give how i in is it its me my of on or please ' +
    'show tell that the their them then there these this to up us use using want was we what when where which who ' +
    'why will with would you your about also any some just now today current currently find look let know need'
  ).split(' '),
);

/** Lowercase words, with camelCase and snake_case split (`getWeather` → get, weather). */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** A crude stem, so "cities" meets "city", "searching" meets "search" and "calculate" meets "calculator". */
export function stem(word: string): string {
  if (word.length > 7 && word.endsWith('ation')) return word.slice(0, -5);
  if (word.length > 6 && word.endsWith('ator')) return word.slice(0, -4);
  if (word.length > 5 && word.endsWith('ate')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words that carry meaning, as written (lowercased). */
export function contentWords(text: string): string[] {
  return words(text).filter((word) => !stopWords.has(word) && word.length > 1);
}

/** The words that carry meaning, stemmed. */
export function keywords(text: string): Set<string> {
  return new Set(contentWords(text).map(stem));
}

/** Text in double or single quotes (or backticks), in order. */
export function quotedPhrases(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"|“([^”]+)”|'([^']{2,})'|`([^`]+)`/g)]
    .map((match) => (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim())
    .filter((phrase) => phrase !== '');
}

/**
 * Runs of capitalised words ("New York", "Paris"). A single capitalised word opening a sentence is
 * usually capitalised only for that ("Compare the weather..."), so it counts only when nothing else does.
 */
export function properNouns(text: string): string[] {
  const nouns: string[] = [];
  const openers: string[] = [];
  for (const match of text.matchAll(/\b[A-Z][\p{L}0-9-]*(?:\s+[A-Z][\p{L}0-9-]*)*/gu)) {
    let phrase = match[0];
    const first = phrase.split(/\s+/)[0] ?? '';
    const before = text.slice(0, match.index).trimEnd();
    const startsSentence = before === '' || /[.!?]$/.test(before);
    if (startsSentence && stopWords.has(first.toLowerCase())) phrase = phrase.slice(first.length).trim();
    if (phrase === '' || stopWords.has(phrase.toLowerCase())) continue;
    if (startsSentence && phrase === first) openers.push(phrase);
    else nouns.push(phrase);
  }
  return nouns.length > 0 ? nouns : openers;
}

/**
 * Arithmetic written out ("(2 + 3) * 4", "1250*0.04"): digits joined by at least one operator. A
 * percentage of a number ("17% of 2340", "17 percent of 2340") is written as the product it means,
 * because in an expression `%` is the remainder.
 */
export function arithmeticIn(text: string): string[] {
  const percentages = [...text.matchAll(/(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(\d[\d,]*(?:\.\d+)?)/gi)].map(
    (match) => `${match[1]} / 100 * ${(match[2] ?? '').replace(/,/g, '')}`,
  );
  const written = [...text.matchAll(/[-(]*\d[\d\s.,+\-*/%^()]*[\d)]/g)]
    .map((match) => match[0].trim())
    .filter((candidate) => /\d\s*[-+*/%^]\s*[\d(]/.test(candidate));
  return [...percentages, ...written];
}

/** Numbers in the text, in order (`-3`, `2.5`, `1,000` → 1000); not the digits of a word such as "Q3" or "P-1001". */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/(?<![\p{L}\d_-])-?\d[\d,]*(?:\.\d+)?/gu)]
    .map((match) => Number(match[0].replace(/,/g, '')))
    .filter((value) => Number.isFinite(value));
}

/** Openings that only say "do this": what the request is about starts after them. */
const requestOpenings =
  /^(?:(?:please|can you|could you|would you|i want you to|i need you to|i'd like you to)\s+)*(?:(?:what|who|where|how) (?:is|are|was|were)|what's|tell me(?: about)?|show me|give me|find(?: out)?|look up|search(?: the web)?(?: for)?|get|check|write|build|make|create|draft|prepare|compute|calculate|run|fetch)?\s*(?:(?:the|a|an|me|for|about)\s+)*/i;

/** The phrase a request is about, as written: "Write the Q3 report for the Nordics" → "Q3 report for the Nordics". */
export function topicOf(text: string): string {
  return text
    .trim()
    .replace(requestOpenings, '')
    .replace(/[\s.!?,;:]+$/, '')
    .trim();
}
