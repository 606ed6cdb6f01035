import { withoutComments } from '../source/code-text.ts';

/** Where a parameter's key is written in the schema source (`city: z.string()`, `'my-key': …`), if it can be found. */
export function parameterLocation(schemaSource: string, key: string): { line: number; column: number } | Record<string, never> {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const code = withoutComments(schemaSource);
  const match = new RegExp(`(?:^|[\\s{,])(${escaped}|'${escaped}'|"${escaped}")\\s*:`, 'm').exec(code);
  if (!match) return {};
  const offset = match.index + match[0].indexOf(match[1] as string);
  const before = schemaSource.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
