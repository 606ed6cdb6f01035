import { describe, expect, it } from 'vitest';
import { jsonTextDepth, nestsDeeperThan } from './json-depth.ts';

const nested = (depth: number): unknown => {
  let value: unknown = {};
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
};

describe('nesting depth of untrusted JSON', () => {
  it('a parsed value is measured as its text would be, without recursion', () => {
    for (const depth of [1, 2, 5, 128, 129]) {
      const value = nested(depth);
      expect(jsonTextDepth(JSON.stringify(value))).toBe(depth);
      expect(nestsDeeperThan(value, 128)).toBe(depth > 128);
    }
    // Deeper than any recursive reader survives: the check still answers.
    expect(nestsDeeperThan(nested(200_000))).toBe(true);
    expect(nestsDeeperThan([1, 'a', null, [[{}]]], 4)).toBe(false);
    expect(nestsDeeperThan([1, 'a', null, [[{}]]], 3)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
});
