import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonWithPositions } from './json-positions.ts';
import { parseScenario } from './mock/scenario.ts';

const nested = (depth: number, open = '{"a":', close = '}') => `${open.repeat(depth)}1${close.repeat(depth)}`;

describe('parseJsonWithPositions limits (issue 28: a 100,000-deep scenario overflowed the stack during render)', () => {
  it('reads JSON nested as deep as the limit', () => {
    const parsed = parseJsonWithPositions(nested(MAX_JSON_DEPTH));
    expect(parsed.ok).toBe(true);
  });

  it.each([
    ['objects', '{"a":', '}'],
    ['arrays', '[', ']'],
  ])('reports 100,000 nested %s as an error with a position instead of throwing', (_kind, open, close) => {
    const text = nested(100_000, open, close);
    const parsed = parseJsonWithPositions(text);
    expect(parsed).toMatchObject({ ok: false, message: `Nested deeper than ${MAX_JSON_DEPTH} levels, more than Toolscope reads` });
    if (!parsed.ok) expect(parsed.position).toMatchObject({ line: 1, column: MAX_JSON_DEPTH * open.length + 1 });
  });

  it('a scenario nested 100,000 deep is a problem the editor can mark', () => {
    const source = `{"name":"bomb","turns":[{"toolCalls":[{"name":"x","arguments":${nested(100_000)}}]}]}`;
    const parsed = parseScenario(source);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems[0]?.message).toMatch(/^Invalid JSON: Nested deeper than/);
  });

  it('takes a smaller limit when asked', () => {
    expect(parseJsonWithPositions(nested(5), { maxDepth: 4 }).ok).toBe(false);
    expect(parseJsonWithPositions(nested(4), { maxDepth: 4 }).ok).toBe(true);
  });
});
