import { describe, expect, it } from 'vitest';
import { stem } from './stem.ts';

// The rules' edges: each case is a word a rule must leave alone or must change, one letter from the limit.
describe('stem at the edges of its rules', () => {
  it.each([
    // Three letters or fewer, or any digit: kept whole.
    ['gas', 'gas'],
    ['mp3s', 'mp3s'],
    // -ies becomes -y only with more than one letter before it, and keeps the whole root.
    ['ties', 'tie'],
    ['berries', 'berry'],
    // A plural s is dropped, but not from -ss, -us or -is endings; "classes" loses its e afterwards.
    ['dishes', 'dish'],
    ['glasses', 'glass'],
    ['classes', 'class'],
    // -ing needs a vowel before it and a word longer than five letters.
    ['strapping', 'strap'],
    ['being', 'being'],
    ['calling', 'call'],
    ['buzzing', 'buzz'],
    // -ed needs a vowel before it and a word longer than four letters.
    ['shred', 'shred'],
    ['need', 'need'],
    ['missed', 'miss'],
    // A final e goes only when more than three letters are left.
    ['uses', 'use'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});
