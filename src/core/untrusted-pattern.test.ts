import { describe, expect, it } from 'vitest';
import { untrustedPattern } from './untrusted-pattern.ts';

describe('untrustedPattern (issue 28: `^(a+)+$` took 15 s on 28 characters on the main thread)', () => {
  it('matches as JSON Schema patterns do: anywhere, unless anchored', () => {
    expect(untrustedPattern('b+')?.test('abbc')).toBe(true);
    expect(untrustedPattern('^b+$')?.test('abbc')).toBe(false);
    expect(untrustedPattern('^[A-Z]{2}-\\d{3}$')?.test('AB-123')).toBe(true);
    expect(untrustedPattern('^\\p{L}+$')?.test('héllo')).toBe(true);
  });

  it('answers a catastrophic pattern on a long input in one pass', () => {
    const pattern = untrustedPattern('^(a+)+$');
    expect(pattern?.test(`${'a'.repeat(28)}!`)).toBe(false);
    expect(pattern?.test(`${'a'.repeat(20_000)}!`)).toBe(false);
    expect(pattern?.test('a'.repeat(20_000))).toBe(true);
  });

  it('reports what RE2 cannot read instead of running it natively', () => {
    expect(untrustedPattern('(?=a)b')).toBeUndefined();
    expect(untrustedPattern('(a)\\1')).toBeUndefined();
    expect(untrustedPattern('(')).toBeUndefined();
  });
});
