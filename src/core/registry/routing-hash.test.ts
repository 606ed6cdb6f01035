import { describe, expect, it } from 'vitest';
import { fnv1a32, routingBucket } from './routing-hash.ts';

describe('fnv1a32', () => {
  it('matches the published FNV-1a 32-bit test vectors, over UTF-8 bytes', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    // "é" is two bytes in UTF-8 (c3 a9), hashed as such.
    expect(fnv1a32('é')).toBe(fnv1a32Bytes([0xc3, 0xa9]));
  });
});

describe('fnv1a32 over every UTF-8 width', () => {
  // The core has no TextEncoder in its lib; the test checks its own encoder against the host's, at each
  // boundary of the encoding and on lone surrogates (which TextEncoder writes as U+FFFD).
  it.each([
    ['U+007F, the last one-byte character', '\u007f'],
    ['U+0080, the first two-byte one', '\u0080'],
    ['U+07FF, the last two-byte one', '\u07ff'],
    ['U+0800, the first three-byte one', '\u0800'],
    ['U+D7FF, just below the surrogates', '\ud7ff'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udfff'],
    ['U+E000, just above the surrogates', '\ue000'],
    ['U+FFFF, the last three-byte one', '\uffff'],
    ['U+10000, the first four-byte one', '\u{10000}'],
    ['an emoji between words', 'call 🦀 now'],
  ])('hashes %s as TextEncoder encodes it', (_, text) => {
    expect(fnv1a32(text)).toBe(fnv1a32Bytes([...new TextEncoder().encode(text)]));
  });
});

function fnv1a32Bytes(bytes: number[]): number {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash >>> 0;
}

describe('routingBucket', () => {
  it('is stable: the same tool and key always give the same bucket, in [0, 1)', () => {
    const first = routingBucket('flaky_api', 'conversation-7');
    expect(routingBucket('flaky_api', 'conversation-7')).toBe(first);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(1);
    // Pinned, so a change of hash (which would move live conversations between versions) is deliberate.
    expect(first).toBe(0.3652399117127061);
  });

  it('depends on the tool, so one key is not the canary of every tool at once', () => {
    const keys = Array.from({ length: 1000 }, (_, index) => `conversation-${index}`);
    const both = keys.filter((key) => routingBucket('get_weather', key) < 0.1 && routingBucket('search_web', key) < 0.1);
    expect(both.length).toBeLessThan(30);
  });

  const shapes: [string, (index: number) => string][] = [
    ['conversation-<n>', (index) => `conversation-${index}`],
    ['call_<n>', (index) => `call_${index}`],
    ['<n>', (index) => String(index)],
  ];
  for (const [shape, keyOf] of shapes) {
    it.each([0.01, 0.5, 0.99])(`splits 10,000 keys shaped ${shape} within one point of %f`, (ratio) => {
      let below = 0;
      for (let index = 0; index < 10_000; index++) if (routingBucket('flaky_api', keyOf(index)) < ratio) below++;
      expect(Math.abs(below / 10_000 - ratio)).toBeLessThanOrEqual(0.01);
    });
  }
});
