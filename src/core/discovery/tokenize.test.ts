import { describe, expect, it } from 'vitest';
import { conceptMap } from './concepts.ts';
import { stem } from './stem.ts';
import { splitWords, tokenize } from './tokenize.ts';

describe('splitWords', () => {
  it('splits snake_case, camelCase, acronyms and punctuation, and lowercases', () => {
    expect(splitWords('get_weather maxResults HTTPServer e-mail, user_id!')).toEqual([
      'get',
      'weather',
      'max',
      'results',
      'http',
      'server',
      'e',
      'mail',
      'user',
      'id',
    ]);
  });

  it('keeps letters outside ASCII and digits', () => {
    expect(splitWords('Météo à Zürich: 23°C')).toEqual(['météo', 'à', 'zürich', '23', 'c']);
  });
});

describe('stem', () => {
  it.each([
    ['cities', 'city'],
    ['pages', 'pag'],
    ['page', 'pag'],
    ['computing', 'comput'],
    ['computed', 'comput'],
    ['compute', 'comput'],
    ['running', 'run'],
    ['stopped', 'stop'],
    ['matches', 'match'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['address', 'address'],
    ['string', 'string'],
    ['sku1042', 'sku1042'],
    ['use', 'use'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe('tokenize', () => {
  it('drops stop words and single letters, stems, and maps concept words to one term', () => {
    const concepts = conceptMap([['calculate', 'compute', 'arithmetic']]);
    expect(tokenize("What's the arithmetic of computing 17 * 23?", concepts)).toEqual(['calculat', 'calculat', '17', '23']);
    expect(tokenize('Send the e-mails')).toEqual(['send', 'mail']);
  });
});
