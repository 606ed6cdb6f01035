import { Validator } from '@cfworker/json-schema';
import { joinPath, untrustedPattern, type ValidationIssue, type ValidationResult } from '../../../core/index.ts';

// A Python tool's arguments checked on the host against the JSON Schema its signature gave, before any
// worker runs (invalid ones never reach Python). The same library as MCP tools' checks
// (mcp/client/schema-validator.ts, ADR 0017: no code generation, the page's CSP has no 'unsafe-eval'),
// with patterns on RE2 as there; the issues are reported at dot-joined paths like a zod error's.
// Follow-up: share one validator module with mcp/client (the layers keep sandbox from importing mcp).

/** Keywords whose failure only says a subschema failed; the failure itself is reported below them. */
const wrappers = new Set(['properties', 'additionalProperties', 'items', 'prefixItems', 'anyOf', 'allOf', 'oneOf', '$ref']);

class LinearTimePattern {
  readonly #test: (text: string) => boolean;
  constructor(source: string) {
    const readable = untrustedPattern(String(source));
    this.#test = readable ? (text) => readable.test(text) : () => true;
  }
  test(text: string): boolean {
    return this.#test(String(text));
  }
}

const globals = globalThis as { RegExp: RegExpConstructor };

export function pythonArgumentsValidator(schema: Record<string, unknown>): (args: unknown) => ValidationResult {
  const validator = new Validator(structuredClone(schema), '2020-12', false);
  return (args) => {
    // The library builds each `pattern` with the global RegExp: RE2 instead, for this synchronous check only.
    const native = globals.RegExp;
    globals.RegExp = LinearTimePattern as unknown as RegExpConstructor;
    let errors;
    try {
      errors = validator.validate(args).errors;
    } finally {
      globals.RegExp = native;
    }
    if (errors.length === 0) return { success: true, data: args };
    const issues: ValidationIssue[] = errors
      .filter((unit) => !wrappers.has(unit.keyword))
      .map((unit) => ({ path: joinPath(segments(unit.instanceLocation)), message: unit.error }));
    return { success: false, issues: issues.length > 0 ? issues : [{ path: '', message: errors[0]?.error ?? 'invalid arguments' }] };
  };
}

function segments(location: string): string[] {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
}
