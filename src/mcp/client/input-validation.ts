// Arguments are checked against the server's inputSchema before a call, as a sandboxed tool's are
// against its zod schema, so the model gets the same kind of errors at the same kind of paths (`a.b.0`).
// Ajv is the validator the MCP SDK itself uses; a schema Ajv cannot compile is reported, not thrown.
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { joinPath, type ValidationIssue, type ValidationResult, messageOf, type Result } from '../../core/index.ts';

export type CompiledInputSchema = Result<{ validate(args: unknown): ValidationResult }>;

// One instance per draft, made on first use: compiling a validator is the expensive part, not the instance.
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

function validatorFor(schema: Record<string, unknown>): Ajv | Ajv2020 {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  // MCP's spec says draft 2020-12 unless the schema says otherwise; older servers still emit draft-07.
  if (/draft-0[4-7]/.test(declared)) {
    draft07 ??= addFormats(new Ajv({ allErrors: true, strict: false }));
    return draft07;
  }
  draft2020 ??= addFormats(new Ajv2020({ allErrors: true, strict: false }));
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

export function compileInputSchema(schema: unknown): CompiledInputSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { ok: false, message: 'inputSchema is not an object' };
  const record = schema as Record<string, unknown>;
  if (record.type !== 'object')
    return { ok: false, message: `inputSchema must have "type": "object" (it has ${JSON.stringify(record.type)})` };
  let validate: ValidateFunction;
  try {
    validate = validatorFor(record).compile(record);
  } catch (error) {
    return { ok: false, message: `inputSchema is not valid JSON Schema: ${messageOf(error)}` };
  }
  return {
    ok: true,
    validate(args) {
      if (validate(args)) return { success: true, data: args };
      return { success: false, issues: (validate.errors ?? []).map(issueOf) };
    },
  };
}
