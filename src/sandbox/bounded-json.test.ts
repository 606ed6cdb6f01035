import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateMiddle } from '../core/format-for-model.ts';
import { toBoundedJson } from './bounded-json.ts';

describe('toBoundedJson', () => {
  it('passes plain JSON through unchanged, without notes', () => {
    const value = { a: 1, b: [true, null, 'x'], c: { d: -2.5 } };
    expect(toBoundedJson(value)).toEqual({ value, notes: [] });
  });

  it('marks a cycle with the path it points back to, and keeps shared (non-cyclic) references', () => {
    const shared = { x: 1 };
    const cyclic: Record<string, unknown> = { name: 'root', left: shared, right: shared };
    cyclic.self = cyclic;
    const { value, notes } = toBoundedJson(cyclic);
    expect(value).toEqual({ name: 'root', left: { x: 1 }, right: { x: 1 }, self: '[Circular reference to $]' });
    expect(notes).toContain('circular reference at $.self');
  });

  it('writes BigInt, NaN and Infinity as strings, and says so', () => {
    const { value, notes } = toBoundedJson({ big: 12345678901234567890n, nan: NaN, inf: -Infinity, zero: -0 });
    expect(value).toEqual({ big: '12345678901234567890n', nan: 'NaN', inf: '-Infinity', zero: 0 });
    expect(notes.join(' ')).toMatch(/BigInt/);
  });

  it('names functions and symbols instead of dropping them silently', () => {
    const { value, notes } = toBoundedJson({ run: function run() {}, arrow: () => 1, tag: Symbol('t') });
    expect(value).toEqual({ run: '[Function run]', arrow: '[Function arrow]', tag: '[Symbol t]' });
    expect(notes[0]).toMatch(/functions cannot be sent/);
  });

  it('writes Map, Set, Date, Error, RegExp, typed arrays and boxed primitives readably', () => {
    const { value } = toBoundedJson({
      map: new Map<unknown, unknown>([
        ['a', 1],
        [{ k: 1 }, 'object key'],
      ]),
      set: new Set([1, 2]),
      date: new Date('2026-01-02T03:04:05.000Z'),
      invalidDate: new Date(NaN),
      error: new TypeError('bad'),
      pattern: /a+/g,
      bytes: new Uint8Array([1, 2]),
      buffer: new ArrayBuffer(8),
      boxed: new String('s'),
    });
    expect(value).toEqual({
      map: {
        $type: 'Map',
        entries: [
          ['a', 1],
          [{ k: 1 }, 'object key'],
        ],
      },
      set: { $type: 'Set', values: [1, 2] },
      date: '2026-01-02T03:04:05.000Z',
      invalidDate: '[Invalid Date]',
      error: { name: 'TypeError', message: 'bad' },
      pattern: '/a+/g',
      bytes: [1, 2],
      buffer: '[ArrayBuffer 8 bytes]',
      boxed: 's',
    });
  });

  it('survives throwing getters, throwing toJSON and revoked proxies', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const hostile = {
      ok: 1,
      get broken(): never {
        throw new Error('getter exploded');
      },
      nested: {
        toJSON: () => {
          throw new Error('no json');
        },
      },
      proxy,
    };
    const { value, notes } = toBoundedJson(hostile);
    expect(value).toMatchObject({ ok: 1, broken: '[Getter threw: Error: getter exploded]', nested: '[toJSON threw: Error: no json]' });
    expect((value as Record<string, unknown>).proxy).toMatch(/^\[Unreadable object/);
    expect(notes.some((note) => note.includes('getter threw at $.broken'))).toBe(true);
  });

  it('uses toJSON like JSON.stringify, and leaves out undefined properties', () => {
    expect(toBoundedJson({ a: undefined, b: { toJSON: () => 'custom' } }).value).toEqual({ b: 'custom' });
    expect(toBoundedJson(undefined).value).toBeNull();
    expect(toBoundedJson([undefined]).value).toEqual([null]);
  });

  it('cuts deep nesting with a marker', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 50; level++) deep = { next: deep };
    const { value, notes } = toBoundedJson(deep, { maxDepth: 5 });
    expect(JSON.stringify(value)).toContain('[Truncated: nested deeper than 5 levels]');
    expect(notes[0]).toMatch(/deeper than 5 levels/);
  });

  it('keeps the end of a long string as well as its start, with the core marker between (issue 12)', () => {
    const report = `HEAD ${'line of output\n'.repeat(200)}TOTAL: 42 rows`;
    const { value, notes } = toBoundedJson({ report }, { maxStringLength: 200 });
    const cut = (value as { report: string }).report;
    expect(cut).toBe(truncateMiddle(report, 200));
    expect(cut.startsWith('HEAD line of output')).toBe(true);
    expect(cut.endsWith('TOTAL: 42 rows')).toBe(true);
    expect(cut).toMatch(/…\[\d+ characters truncated\]…/);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(notes).toEqual(['long strings were cut to 200 characters, keeping their start and end']);
  });

  it('cuts long strings, long arrays, many keys and huge values with markers saying how much', () => {
    expect(toBoundedJson([1, 2, 3, 4, 5], { maxArrayItems: 2 }).value).toEqual([1, 2, '[Truncated: 3 more items]']);
    expect(toBoundedJson({ a: 1, b: 2, c: 3 }, { maxObjectKeys: 1 }).value).toEqual({ a: 1, '[truncated]': '2 more keys' });
    expect(
      toBoundedJson(
        new Map([
          [1, 1],
          [2, 2],
          [3, 3],
        ]),
        { maxArrayItems: 1 },
      ).value,
    ).toEqual({ $type: 'Map', entries: [[1, 1], '[Truncated: 2 more items]'] });

    const huge = Array.from({ length: 100_000 }, (_, index) => ({ index, text: 'lorem ipsum dolor sit amet' }));
    const { value, notes } = toBoundedJson(huge, { maxArrayItems: 1_000_000, maxTotalLength: 10_000 });
    const text = JSON.stringify(value);
    expect(text.length).toBeLessThan(12_000);
    expect(text).toContain('[Truncated:');
    expect(notes.join(' ')).toMatch(/cut at about 10000 characters/);
  });

  it('never throws, always returns JSON-safe data within about its budget (property)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
        }),
        (input) => {
          const { value } = toBoundedJson(input, { maxTotalLength: 2_000 });
          const text = JSON.stringify(value);
          expect(JSON.parse(text)).toEqual(value);
          expect(text.length).toBeLessThan(2_000 + 25_000);
        },
      ),
      { numRuns: 300 },
    );
  });
});
