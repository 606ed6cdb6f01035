import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConnectionSlots, connectionSlotsFor } from './connection-slots.ts';

describe('a browser’s six connections per server, counted', () => {
  it('the seventh request waits until one of the six ends, then has its connection', () => {
    const slots = new ConnectionSlots();
    const said: string[] = [];
    const ends = Array.from({ length: 7 }, (_, index) =>
      slots.begin(() => (said.push(`request ${index + 1} waits`), () => said.push(`request ${index + 1} has a connection`))),
    );
    expect(said).toEqual(['request 7 waits']);
    expect(slots.inUse).toBe(6);
    ends[2]?.();
    expect(said).toEqual(['request 7 waits', 'request 7 has a connection']);
    expect(slots.inUse).toBe(6);
    ends[2]?.();
    expect(slots.inUse).toBe(6);
  });

  it('a waiting request that is cancelled leaves the queue without taking a connection', () => {
    const slots = new ConnectionSlots(1);
    const first = slots.begin(() => () => {});
    const order: string[] = [];
    const cancelled = slots.begin(() => () => order.push('cancelled one no longer waits'));
    slots.begin(() => () => order.push('third has a connection'));
    cancelled();
    first();
    expect(order).toEqual(['cancelled one no longer waits', 'third has a connection']);
    expect(slots.inUse).toBe(1);
  });

  it('never counts more than its limit in use, nor below zero, whatever order requests begin and end in', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(20), { maxLength: 60 }), (steps) => {
        const slots = new ConnectionSlots(3);
        const live: (() => void)[] = [];
        let waiting = 0;
        for (const step of steps) {
          if (step % 2 === 0 || live.length === 0) live.push(slots.begin(() => (waiting++, () => waiting--)));
          else live.splice(step % live.length, 1)[0]?.();
          expect(slots.inUse).toBeLessThanOrEqual(3);
          expect(slots.inUse + waiting).toBe(live.length);
        }
        for (const end of live) end();
        expect([slots.inUse, waiting]).toEqual([0, 0]);
      }),
    );
  });

  it('counts plain http servers only (https may be HTTP/2, which has no such limit), one count per server', () => {
    expect(connectionSlotsFor(new URL('https://example.com/mcp'))).toBeUndefined();
    expect(connectionSlotsFor(new URL('http://127.0.0.1:3001/mcp'))).toBe(connectionSlotsFor(new URL('http://127.0.0.1:3001/other')));
    expect(connectionSlotsFor(new URL('http://127.0.0.1:3001/mcp'))).not.toBe(connectionSlotsFor(new URL('http://127.0.0.1:3002/mcp')));
  });
});
