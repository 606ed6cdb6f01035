import { describe, it, expect } from 'vitest';
import { formatForModel, safeStringify, truncateMiddle } from './format-for-model.ts';
import type { ToolCallResult } from './types.ts';

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

  it('never splits a surrogate pair', () => {
    const text = truncateMiddle('😀'.repeat(100), 61);
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(text).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('serializes cycles, BigInt and errors without throwing', () => {
    const cyclic: Record<string, unknown> = { n: 1n, error: new Error('boom') };
    cyclic.self = cyclic;
    expect(safeStringify(cyclic)).toBe('{"n":"1","error":{"name":"Error","message":"boom"},"self":"[Circular]"}');
    const shared = { a: 1 };
    expect(safeStringify({ x: shared, y: shared })).toBe('{"x":{"a":1},"y":{"a":1}}');
  });
});
