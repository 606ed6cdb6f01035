// JSON Schema checks of untrusted schemas (an MCP server's inputSchema, a Python tool's signature) without
// generating code: @cfworker/json-schema walks the schema at each check, so the page's CSP needs no
// 'unsafe-eval' (Ajv compiled every schema with `new Function`; docs/adr/0017-json-schema-without-eval.md
// says why this one), and every `pattern` runs on RE2 (untrusted-pattern.ts).
import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';
import { untrustedPattern } from '../untrusted-pattern.ts';

export type { OutputUnit, SchemaDraft };

/** The draft a schema declares: MCP's spec says 2020-12 unless it says otherwise; older servers emit draft-07. */
export function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-04/.test(declared)) return '4';
  if (/draft-0[67]/.test(declared)) return '7';
  if (/2019-09/.test(declared)) return '2019-09';
  return '2020-12';
}

/**
 * A RegExp look-alike on RE2, for the length of one check. @cfworker/json-schema builds each `pattern`
 * and `patternProperties` key with `new RegExp(source, 'u')`, run natively that is backtracking: a
 * server's `^(a+)+$` took 15 s on 28 characters (issue 28). A pattern RE2 cannot read (lookaround,
 * backreferences) is not checked here; the server checks its own input.
 */
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

/**
 * Runs one check with `RegExp` meaning LinearTimePattern. The library reads the global name at each
 * pattern; the check is synchronous and calls no code of ours or of the input's (plain JSON in), so
 * nothing else can see the swap, and it is undone however the check ends.
 */
function withLinearPatterns<T>(check: () => T): T {
  const native = globals.RegExp;
  globals.RegExp = LinearTimePattern as unknown as RegExpConstructor;
  try {
    return check();
  } finally {
    globals.RegExp = native;
  }
}

export interface SchemaCheck {
  /** Every failed keyword, innermost last, as the library reports them (`#/a/0` locations). */
  check(instance: unknown): OutputUnit[];
}

/**
 * A validator for `schema`, which is copied first: the library marks the schema objects it reads, and a
 * server's schema is the workspace's data. Throws as the library does (a duplicate `$id`).
 */
export function schemaCheck(schema: object | boolean, draft: SchemaDraft, options: { stopAtFirstFailure?: boolean } = {}): SchemaCheck {
  const validator = new Validator(structuredClone(schema) as Record<string, unknown>, draft, options.stopAtFirstFailure ?? false);
  return { check: (instance) => withLinearPatterns(() => validator.validate(instance).errors) };
}
