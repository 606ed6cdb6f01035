// A scenario's expectations as the user typed them (JSON text), checked against the assertion format,
// with each problem placed in the text for the editor's markers.
import { expectationsSchema, type Expectation } from '../assertions/index.ts';
import { parseJsonWithPositions, type TextRange } from '../llm/index.ts';
import type { Result } from '../core/index.ts';

export interface ExpectationsProblem {
  path: string;
  message: string;
  range: TextRange;
}

export type ParsedExpectations = Result<{ expectations: Expectation[] }, { problems: ExpectationsProblem[] }>;

export function parseExpectations(text: string): ParsedExpectations {
  if (text.trim() === '') return { ok: true, expectations: [] };
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const range = {
      start: parsed.position,
      end: { ...parsed.position, offset: parsed.position.offset + 1, column: parsed.position.column + 1 },
    };
    return { ok: false, problems: [{ path: '', message: `Invalid JSON: ${parsed.message}`, range }] };
  }
  const checked = expectationsSchema.safeParse(parsed.value);
  if (checked.success) return { ok: true, expectations: checked.data };
  return {
    ok: false,
    problems: checked.error.issues.map((issue) => {
      const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      const range = keys.length > 0 ? parsed.rangeOf([...path, keys[0] as string]) : parsed.rangeOf(path);
      return { path: path.join('.'), message: path.length ? `${path.join('.')}: ${issue.message}` : issue.message, range };
    }),
  };
}
