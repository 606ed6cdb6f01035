import { describe, it, expect } from 'vitest';
import { formatForModel, ignoredKeysNote, safeStringify, truncateMiddle } from './format-for-model.ts';
import type { ToolCallResult } from './tool-result.ts';

function resultWith(status: 'success' | 'error', value: unknown): ToolCallResult {
  const common = {
    toolCallId: 'c1',
    name: 't',
    attempts: 1,
    queuedAt: 0,
    startedAt: 0,
    endedAt: 0,
    durationMs: 0,
    logs: [],
    attemptsDetail: [],
  };
  if (status === 'success') return { ...common, status, result: value };
  const { error, details } = value as { error: string; details?: unknown };
  return {
    ...common,
    status,
    error: { kind: 'unknown_tool', message: error, retryable: false },
    ...(details === undefined ? {} : { details }),
  };
}

describe('formatForModel', () => {
  it('sends strings as they are and everything else as JSON', () => {
    expect(formatForModel(resultWith('success', 'sunny'))).toBe('sunny');
    expect(formatForModel(resultWith('success', { temperature: 21 }))).toBe('{"temperature":21}');
    expect(formatForModel(resultWith('success', undefined))).toBe('null');
    expect(formatForModel(resultWith('error', { error: 'Unknown tool "x". No tools are available.' }))).toBe(
      '{"error":"Unknown tool \\"x\\". No tools are available."}',
    );
  });

  it('cuts long text in the middle with a visible marker, within the bound', () => {
    const long = `HEAD${'x'.repeat(10_000)}TAIL`;
    const text = formatForModel(resultWith('success', long), { maxLength: 200 });
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.startsWith('HEAD')).toBe(true);
    expect(text.endsWith('TAIL')).toBe(true);
    expect(text).toMatch(/\n…\[\d+ characters truncated\]…\n/);
    const omitted = Number(/\[(\d+) characters/.exec(text)?.[1]);
    expect(text.length - text.match(/\n…\[\d+ characters truncated\]…\n/)![0].length + omitted).toBe(long.length);
  });

  it('says how much was cut in all when the text was cut before, as the sandbox cuts long strings (issue 30)', () => {
    const original = `HEAD${'x'.repeat(23_056_000)}TAIL`;
    // The sandbox keeps 20,000 characters of a long string, its head and tail around a marker.
    const fromTheSandbox = truncateMiddle(original, 20_000);
    const text = formatForModel(resultWith('success', fromTheSandbox));
    const markers = [...text.matchAll(/\n…\[(\d+) characters truncated\]…\n/g)];
    expect(markers).toHaveLength(1);
    const [marker] = markers as [RegExpExecArray];
    expect(text.startsWith('HEAD') && text.endsWith('TAIL')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(16_000);
    expect(text.length - marker[0].length + Number(marker[1])).toBe(original.length);
  });

  it('takes an earlier marker the cut reaches into whole, and counts what it stood for', () => {
    const earlier = `${'a'.repeat(40)}\n…[1000 characters truncated]…\n${'b'.repeat(40)}`;
    for (let maxLength = 40; maxLength <= 100; maxLength++) {
      const cut = truncateMiddle(earlier, maxLength);
      expect(cut.length).toBeLessThanOrEqual(maxLength);
      const markers = [...cut.matchAll(/\n…\[(\d+) characters truncated\]…\n/g)];
      expect(markers).toHaveLength(1);
      const [marker] = markers as [RegExpExecArray];
      expect(cut.length - marker[0].length + Number(marker[1])).toBe(80 + 1000);
    }
  });

  it('never splits a surrogate pair', () => {
    const text = truncateMiddle('😀'.repeat(100), 61);
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(text).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('never splits a pair at either end of the surrogate ranges, wherever the cut falls', () => {
    const marker = /\n…\[(\d+) characters truncated\]…\n/;
    for (const character of ['\u{10000}', '\u{10FFFF}', '😀']) {
      for (const prefix of ['', 'a']) {
        const text = prefix + character.repeat(100);
        for (let maxLength = 50; maxLength <= 70; maxLength++) {
          const cut = truncateMiddle(text, maxLength);
          expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
          expect(cut).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
          expect(cut.length).toBeLessThanOrEqual(maxLength);
          const [head = '', tail = ''] = cut.split(marker).filter((_, index) => index !== 1);
          expect(head.length + tail.length + Number(marker.exec(cut)?.[1])).toBe(text.length);
        }
      }
    }
  });

  it('keeps text that fits exactly, and splits other text evenly, head first', () => {
    expect(truncateMiddle('x'.repeat(80), 80)).toBe('x'.repeat(80));
    // Latin letters, and fullwidth ones (U+FF21...), which sit above the surrogates and are no part of a pair.
    for (const first of [65, 0xff21]) {
      const text = Array.from({ length: 1_000 }, (_, index) => String.fromCharCode(first + (index % 26))).join('');
      const marker = /\n…\[\d+ characters truncated\]…\n/;
      for (let maxLength = 60; maxLength <= 70; maxLength++) {
        const [head = '', tail = ''] = truncateMiddle(text, maxLength).split(marker);
        expect(text.startsWith(head)).toBe(true);
        expect(text.endsWith(tail)).toBe(true);
        expect(head.length - tail.length === 0 || head.length - tail.length === 1).toBe(true);
      }
    }
  });

  it('notes ignored keys after the result, 20 by name and the rest as a count', () => {
    const keys = (count: number) => Array.from({ length: count }, (_, index) => `k${index}`);
    expect(ignoredKeysNote(undefined)).toBe('');
    expect(ignoredKeysNote([])).toBe('');
    expect(ignoredKeysNote(keys(20))).toMatch(/"k19"\.$/);
    expect(ignoredKeysNote(keys(21))).toMatch(/"k19" and 1 more\.$/);
    const noted = formatForModel({ ...resultWith('success', 'x'.repeat(300)), ignoredKeys: ['units'] }, { maxLength: 150 });
    expect(noted.length).toBeLessThanOrEqual(150);
    expect(noted.endsWith('was ignored: "units".')).toBe(true);
    expect(formatForModel(resultWith('success', 'x'.repeat(100)), { maxLength: 100 })).toBe('x'.repeat(100));
  });

  it('never sends more than maxLength, even when the marker or the ignored-keys note alone would not fit (issue 20)', () => {
    const long = `HEAD${'x'.repeat(500)}TAIL`;
    const note = ignoredKeysNote(['units']);
    for (let maxLength = 0; maxLength <= note.length + 40; maxLength++) {
      const plain = formatForModel(resultWith('success', long), { maxLength });
      expect(plain.length).toBeLessThanOrEqual(maxLength);
      const noted = formatForModel({ ...resultWith('success', long), ignoredKeys: ['units'] }, { maxLength });
      expect(noted.length).toBeLessThanOrEqual(maxLength);
    }
    // Too small for the marker: the head of the text, and an ellipsis that says it goes on.
    expect(truncateMiddle(long, 10)).toBe('HEADxxxxx…');
    expect(truncateMiddle(long, 1)).toBe('…');
    expect(truncateMiddle(long, 0)).toBe('');
    expect(truncateMiddle('😀'.repeat(10), 4)).toBe('😀…');
    expect(truncateMiddle(`x😀${'y'.repeat(100)}`, 3)).toBe('x…');
    // Exactly room for the marker: the marker alone.
    expect(truncateMiddle(long, 30)).toBe('\n…[508 characters truncated]…\n');
    // Exactly room for the note: the note alone.
    expect(formatForModel({ ...resultWith('success', long), ignoredKeys: ['units'] }, { maxLength: note.length })).toBe(note);
    // Room for the note but not the marker: the note is whole, the result cut short before it.
    expect(formatForModel({ ...resultWith('success', long), ignoredKeys: ['units'] }, { maxLength: note.length + 5 })).toBe(`HEAD…${note}`);
    // No room for the whole note: result and note are cut as one text, so the model still sees both ends.
    const cut = formatForModel({ ...resultWith('success', long), ignoredKeys: ['units'] }, { maxLength: note.length - 1 });
    expect(cut.length).toBe(note.length - 1);
    expect(cut.endsWith('"units".')).toBe(true);
  });

  it('rounds a fractional maxLength down and reads a negative or NaN one as 0', () => {
    const long = 'y'.repeat(500);
    expect(formatForModel(resultWith('success', long), { maxLength: 60.9 }).length).toBeLessThanOrEqual(60);
    expect(truncateMiddle(long, 8.7)).toBe('yyyyyyy…');
    expect(truncateMiddle(long, -3)).toBe('');
    expect(truncateMiddle(long, Number.NaN)).toBe('');
    expect(truncateMiddle(long, Number.POSITIVE_INFINITY)).toBe(long);
  });

  it('writes values JSON cannot hold as null, and a value that fails to serialize as an error', () => {
    expect(safeStringify(undefined)).toBe('null');
    expect(safeStringify(() => 1)).toBe('null');
    expect(safeStringify([1, 'a', null, true])).toBe('[1,"a",null,true]');
    const list: unknown[] = [1];
    list.push(list);
    expect(safeStringify(list)).toBe('[1,"[Circular]"]');
    const hostile = {
      toJSON() {
        throw new Error('no JSON for you');
      },
    };
    expect(safeStringify(hostile)).toBe('{"error":"Result could not be serialized: no JSON for you"}');
  });

  it('serializes cycles, BigInt and errors without throwing', () => {
    const cyclic: Record<string, unknown> = { n: 1n, error: new Error('boom') };
    cyclic.self = cyclic;
    expect(safeStringify(cyclic)).toBe('{"n":"1","error":{"name":"Error","message":"boom"},"self":"[Circular]"}');
    const shared = { a: 1 };
    expect(safeStringify({ x: shared, y: shared })).toBe('{"x":{"a":1},"y":{"a":1}}');
  });
});
