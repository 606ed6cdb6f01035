import { withoutComments } from '../source/code-text.ts';

// Where parameters' keys are written in the schema source (`city: z.string()`, `'my-key': …`). Found in
// one pass over the source for all keys: searching the whole source again per property froze every load
// for ~27 s on a schema module that reported 20,000 properties and padded its source (issue 28).

export type ParameterLocation = { line: number; column: number } | Record<string, never>;

const keyBeforeColon = /(?:^|[\s{,])([A-Za-z_$][\w$]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*:/gm;

/** A lookup of each key's first place in `schemaSource` (1-based line and column), built once. */
export function parameterLocator(schemaSource: string): (key: string) => ParameterLocation {
  const code = withoutComments(schemaSource);
  const first = new Map<string, number>();
  for (const match of code.matchAll(keyBeforeColon)) {
    const token = match[1] as string;
    const key = token.startsWith("'") || token.startsWith('"') ? token.slice(1, -1) : token;
    if (!first.has(key)) first.set(key, (match.index ?? 0) + match[0].indexOf(token));
  }
  const lineStarts = [0];
  for (let index = schemaSource.indexOf('\n'); index !== -1; index = schemaSource.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  return (key): ParameterLocation => {
    const offset = first.get(key);
    if (offset === undefined) return {};
    // The last line start at or before the offset, by halving.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] as number) + 1 };
  };
}

/** One key's place; for many keys of one source, build a `parameterLocator` once instead. */
export function parameterLocation(schemaSource: string, key: string): ParameterLocation {
  return parameterLocator(schemaSource)(key);
}
