import { describe, it, expect } from 'vitest';
import { parseRetryAfter, retryAfterFrom } from './retry-after.ts';

const now = Date.parse('2025-01-01T00:00:00Z');

describe('retryAfterFrom', () => {
  it('uses retryAfterMs on the error when within 0..60 s', () => {
    expect(retryAfterFrom({ retryAfterMs: 1500 }, now)).toBe(1500);
    expect(retryAfterFrom({ retryAfterMs: 0 }, now)).toBe(0);
    expect(retryAfterFrom({ retryAfterMs: 60_001 }, now)).toBeUndefined();
    expect(retryAfterFrom({ retryAfterMs: -1 }, now)).toBeUndefined();
  });

  it('reads retry-after-ms, then retry-after, from a plain record, case-insensitively', () => {
    expect(retryAfterFrom({ headers: { 'Retry-After-Ms': '250' } }, now)).toBe(250);
    expect(retryAfterFrom({ headers: { 'retry-after-ms': '250', 'retry-after': '9' } }, now)).toBe(250);
    expect(retryAfterFrom({ headers: { 'Retry-After': '3' } }, now)).toBe(3000);
    expect(retryAfterFrom({ headers: { 'retry-after': 2 } }, now)).toBe(2000);
  });

  it('reads from a Headers-like object', () => {
    const headers = new Map([['retry-after', '7']]);
    expect(retryAfterFrom({ headers: { get: (name: string) => headers.get(name) ?? null } }, now)).toBe(7000);
  });

  it('understands HTTP dates relative to now', () => {
    expect(retryAfterFrom({ headers: { 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' } }, now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 01:00:00 GMT', now)).toBeUndefined();
  });

  it('ignores garbage and values out of range', () => {
    expect(retryAfterFrom({ headers: { 'retry-after': 'soon' } }, now)).toBeUndefined();
    expect(retryAfterFrom({ headers: { 'retry-after': '3600' } }, now)).toBeUndefined();
    expect(retryAfterFrom({ headers: { 'retry-after-ms': '' } }, now)).toBeUndefined();
    expect(retryAfterFrom(new Error('plain'), now)).toBeUndefined();
    expect(retryAfterFrom('string', now)).toBeUndefined();
  });
});

describe('retry-after edges (issue 20, found by mutation testing)', () => {
  it('reads nothing from a thrown value that is not an object, or headers that are not', () => {
    expect(retryAfterFrom(null, 0)).toBeUndefined();
    expect(retryAfterFrom('slow down', 0)).toBeUndefined();
    expect(retryAfterFrom({ headers: null }, 0)).toBeUndefined();
    expect(retryAfterFrom({ headers: 'retry-after: 5' }, 0)).toBeUndefined();
  });

  it('skips a blank retry-after-ms for retry-after, and reads header values that are numbers but not lists', () => {
    expect(retryAfterFrom({ headers: { 'retry-after-ms': '  ', 'retry-after': '3' } }, 0)).toBe(3_000);
    expect(retryAfterFrom({ headers: { 'Retry-After': 4 } }, 0)).toBe(4_000);
    expect(retryAfterFrom({ headers: { 'retry-after': ['5'] } }, 0)).toBeUndefined();
  });

  it('reads multi-digit and decimal seconds, up to exactly the limit, and dates that start or end with digits', () => {
    expect(parseRetryAfter(' 12 ', 0)).toBe(12_000);
    expect(parseRetryAfter('1.25', 0)).toBe(1_250);
    expect(parseRetryAfter('60', 0)).toBe(60_000);
    expect(parseRetryAfter('60.001', 0)).toBeUndefined();
    const now = Date.parse('2026-12-01T03:00:00');
    expect(parseRetryAfter('2026-12-01T03:00:05', now)).toBe(5_000);
  });
});
