import { describe, expect, it } from 'vitest';
import { beyondEditor, maxEditorLineLength, maxEditorNesting } from './editor-capacity.ts';

describe('beyondEditor (issue 28: one line of 200,000 brackets froze Monaco for ~9 s)', () => {
  it('takes code and JSON as people write them', () => {
    expect(beyondEditor('export default async function execute(input) {\n  return { ok: [1, 2, (3)] };\n}\n')).toBeUndefined();
    expect(beyondEditor(`${'['.repeat(maxEditorNesting)}${']'.repeat(maxEditorNesting)}`)).toBeUndefined();
    expect(beyondEditor('x'.repeat(maxEditorLineLength))).toBeUndefined();
  });

  it('refuses deep nesting, a very long line, and a huge text, saying which', () => {
    expect(beyondEditor(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(`its brackets nest more than ${maxEditorNesting} deep`);
    expect(beyondEditor(`a\n${'x'.repeat(60_000)}\nb`)).toBe('a line of it is 60,000 characters long');
    expect(beyondEditor('x\n'.repeat(1_000_001))).toBe('it is 2,000,002 characters long');
  });
});
