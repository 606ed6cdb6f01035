import type { JsonPath } from '../../llm/index.ts';
import { note, type PrintContext } from './print-context.ts';
import { regexLiteral } from './zod-literals.ts';

/** A JSON Schema `pattern`: ECMAScript with Unicode semantics (the `u` flag), as draft 2020-12 says. */
export function patternLiteral(pattern: string, path: JsonPath, context: PrintContext): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return `${regexLiteral(pattern)}u`;
  } catch (unicodeError) {
    try {
      new RegExp(pattern);
      note(context, path, 'pattern', 'warning', 'pattern is not valid with Unicode semantics (the u flag): checked without it');
      return regexLiteral(pattern);
    } catch {
      note(context, path, 'pattern', 'error', `pattern is not a valid regular expression (${(unicodeError as Error).message})`);
      return undefined;
    }
  }
}
