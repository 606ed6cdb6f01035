// Values as TypeScript source: what a generated zod schema writes for defaults, enums, literals and patterns.
import { quote } from '../source/code-text.ts';

export function propertyName(key: string): string {
  // `__proto__: …` (bare or quoted) in an object literal sets the prototype; only a computed key is a property.
  if (key === '__proto__') return "['__proto__']";
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key);
}

/** A JSON value as a TypeScript expression (strings in single quotes, keys bare where they can be). */
export function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, inner]) => `${propertyName(key)}: ${literal(inner)}`).join(', ')} }`;
  }
  return 'undefined';
}

/** A JSON Schema `pattern` as a regex literal: `/` escaped where it is not already, line breaks written out. */
export function regexLiteral(pattern: string): string {
  let body = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char === '\\') {
      body += char + (pattern[index + 1] ?? '');
      index++;
    } else if (char === '/') body += '\\/';
    else if (char === '\n') body += '\\n';
    else if (char === '\r') body += '\\r';
    else body += char;
  }
  return `/${body}/`;
}

/** Indents every line after the first (a nested expression placed at `depth`). */
export function indentLines(text: string, depth: number): string {
  const padding = '  '.repeat(depth);
  return text.replace(/\n/g, `\n${padding}`);
}
