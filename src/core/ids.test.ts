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

  it('never hands out a generated id that a call already has', () => {
    const pool = ['x', 'x', 'y'];
    expect(uniqueIds(['x', undefined], () => pool.shift() as string)).toEqual(['x', 'y']);
  });
});
