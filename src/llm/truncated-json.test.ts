import { describe, expect, it } from 'vitest';
import { isTruncatedJson } from './truncated-json.ts';

describe('isTruncatedJson', () => {
  it('flags values that end before they close', () => {
    for (const text of [
      '{"city": "Par',
      '{"city": "Paris"',
      '{"a": [1, 2',
      '{"a":',
      '{',
      '[',
      '"abc',
      '{"a": tr',
      '{"a": 1,  ',
      '{"a": 1.',
      '{"a": -',
    ]) {
      expect(isTruncatedJson(text), text).toBe(true);
    }
  });

  it('leaves complete JSON, empty arguments and malformed-but-complete text alone', () => {
    for (const text of ['{"city": "Paris"}', '', '   ', '{"a": 1}}', "{'a': 1}", '{"a": 1,}', 'not json']) {
      expect(isTruncatedJson(text), text).toBe(false);
    }
  });
});
