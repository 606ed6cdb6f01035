import { describe, expect, it } from 'vitest';
import { injectedFaultMarker } from '../faults/index.ts';
import { injectedFaults } from './injected-faults.ts';

describe('injectedFaults', () => {
  it('picks the marked log lines of a call, with their attempt and time, and ignores the tool’s own lines', () => {
    const logs = [
      { time: 5, attempt: 1, message: `${injectedFaultMarker} 429 Too Many Requests (Retry-After 700 ms)` },
      { time: 6, attempt: 1, message: 'fetching forecast' },
      { time: 710, attempt: 2, message: `${injectedFaultMarker} latency +40 ms` },
    ];
    expect(injectedFaults(logs)).toEqual([
      { attempt: 1, time: 5, description: '429 Too Many Requests (Retry-After 700 ms)' },
      { attempt: 2, time: 710, description: 'latency +40 ms' },
    ]);
  });
});
