import { describe, it, expect } from 'vitest';
import { randomId, uniqueIds } from './ids.ts';

describe('ids', () => {
  it('generates distinct ids even from a constant random source', () => {
    expect(randomId('call', () => 0, 0)).not.toBe(randomId('call', () => 0, 1));
    expect(randomId('call', () => 0.5, 35)).toMatch(/^call_[0-9a-z]+$/);
  });

  it('keeps given ids, fills missing ones and makes duplicates unique instead of merging them', () => {
    let next = 0;
    const generate = (): string => `gen${next++}`;
    expect(uniqueIds(['a', undefined, 'a', 'a#2', '', 'a'], generate)).toEqual(['a', 'gen0', 'a#3', 'a#2', 'gen1', 'a#4']);
  });

  it('fills a single missing or empty id in a batch whose other ids are all distinct (issue 30: the fast path)', () => {
    let next = 0;
    const generate = (): string => `gen${next++}`;
    const given = ['x', 'y'];
    const kept = uniqueIds(given, generate);
    expect(kept).toEqual(['x', 'y']);
    expect(kept).not.toBe(given);
    expect(uniqueIds(['a', ''], generate)).toEqual(['a', 'gen0']);
    expect(uniqueIds(['a', undefined], generate)).toEqual(['a', 'gen1']);
  });

  it('draws each character from the random source, wrapping a source that returns 1', () => {
    expect(randomId('call', () => 0.5, 35)).toBe('call_iiiiiiiiz');
    expect(randomId('call', () => 1, 0, 3)).toBe('call_0000');
    expect(randomId('run', () => 0.999, 36, 2)).toBe('run_zz10');
  });

  it('skips a generated id that a later call of the batch asked for, or that was generated before', () => {
    const pool = ['x', 'g', 'g', 'h'];
    expect(uniqueIds([undefined, 'x', undefined], () => pool.shift() as string)).toEqual(['g', 'x', 'h']);
  });

  it('never hands out a generated id that a call already has', () => {
    const pool = ['x', 'x', 'y'];
    expect(uniqueIds(['x', undefined], () => pool.shift() as string)).toEqual(['x', 'y']);
  });
});
