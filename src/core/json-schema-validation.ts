// Arguments are checked against a JSON Schema before a call (an MCP server's inputSchema, a Python tool's
// schema read from its signature), as a TypeScript tool's are against its zod schema, so the model gets
// the same kind of errors at the same kind of paths (`a.b.0`). Ajv is the validator the MCP SDK itself
// uses; a schema Ajv cannot compile is reported, not thrown. Imported by path, not from core/index.ts:
// only the layers that validate JSON Schema load Ajv.
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { joinPath, type ValidationIssue, type ValidationResult, messageOf, untrustedPattern, type Result } from './index.ts';

export type CompiledInputSchema = Result<{ validate(args: unknown): ValidationResult }>;

// One instance per draft, made on first use: compiling a validator is the expensive part, not the instance.
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

/**
 * `pattern` and `patternProperties` on RE2, in linear time: a server's `^(a+)+$` ran natively on the main
 * thread for 15 s on 28 characters (issue 28). A pattern RE2 cannot read (lookaround, backreferences) is
 * not checked here; the server checks its own input.
 */
const patternEngine: RegExpEngine = Object.assign(
  (pattern: string) => {
    const readable = untrustedPattern(pattern);
    // Ajv keys its cache of patterns by toString(): each needs its own, as a RegExp has.
    return { test: (text: string) => readable?.test(text) ?? true, toString: () => `re2:${pattern}` };
  },
  { code: 'untrustedPattern' },
);
const options = { allErrors: true, strict: false, code: { regExp: patternEngine } };

function validatorFor(schema: Record<string, unknown>): Ajv | Ajv2020 {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  // MCP's spec says draft 2020-12 unless the schema says otherwise; older servers still emit draft-07.
  if (/draft-0[4-7]/.test(declared)) {
    draft07 ??= addFormats(new Ajv(options));
    return draft07;
  }
  draft2020 ??= addFormats(new Ajv2020(options));
  return draft2020;
}

/** `/a/b~1c/0` -> ['a', 'b/c', '0'] (RFC 6901 escapes). */
function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function issueOf(error: ErrorObject): ValidationIssue {
  const path = pointerSegments(error.instancePath);
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty !== undefined)
    return { path: joinPath([...path, params.missingProperty]), message: 'Required' };
  if (error.keyword === 'additionalProperties' && params.additionalProperty !== undefined)
    return { path: joinPath([...path, params.additionalProperty]), message: 'Unknown property (the schema allows no others)' };
  const message = error.message ?? `fails "${error.keyword}"`;
  return { path: joinPath(path), message: message.charAt(0).toUpperCase() + message.slice(1) };
}

/** Validators by schema object: a tool's is compiled once, at its first call, not for every run. */
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Checks the schema against its draft's meta-schema (no code is generated) and compiles the validator at
 * the first call: compiling every tool at connect blocked the page 12 s for 3,000 tools of 50 properties
 * (issue 28). A schema only the compile rejects (an unresolvable $ref) is reported at that call.
 */
export function compileInputSchema(schema: unknown): CompiledInputSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { ok: false, message: 'inputSchema is not an object' };
  const record = schema as Record<string, unknown>;
  if (record.type !== 'object')
    return { ok: false, message: `inputSchema must have "type": "object" (it has ${JSON.stringify(record.type)})` };
  const ajv = validatorFor(record);
  try {
    if (!ajv.validateSchema(record)) return { ok: false, message: `inputSchema is not valid JSON Schema: ${ajv.errorsText(ajv.errors)}` };
  } catch (error) {
    return { ok: false, message: `inputSchema is not valid JSON Schema: ${messageOf(error)}` };
  }
  return {
    ok: true,
    validate(args) {
      let validate = compiled.get(record);
      if (!validate) {
        try {
          validate = ajv.compile(record);
        } catch (error) {
          return { success: false, issues: [{ path: '', message: `The tool's inputSchema cannot be used: ${messageOf(error)}` }] };
        }
        compiled.set(record, validate);
      }
      if (validate(args)) return { success: true, data: args };
      return { success: false, issues: (validate.errors ?? []).map(issueOf) };
    },
  };
}
