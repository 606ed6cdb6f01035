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
