// Arguments are checked against the server's inputSchema before a call, as a sandboxed tool's are
// against its zod schema, so the model gets the same kind of errors at the same kind of paths (`a.b.0`).
// The validator generates no code (core/json-schema): the page's CSP has no 'unsafe-eval'. A schema
// that cannot be used is reported, not thrown.
import {
  draftOf,
  issuesOf,
  messageOf,
  nestsDeeperThan,
  schemaCheck,
  untrustedJsonDepth,
  validationResult,
  type Result,
  type SchemaCheck,
  type ValidationResult,
} from '../../core/index.ts';
import { metaSchemaCheck } from './meta-schemas.ts';

export type CompiledInputSchema = Result<{ validate(args: unknown): ValidationResult }>;

/** What is wrong with `schema` as JSON Schema (its draft's meta-schema says), or undefined. */
function schemaProblem(schema: Record<string, unknown>): string | undefined {
  const units = metaSchemaCheck(draftOf(schema))?.check(schema) ?? [];
  if (units.length === 0) return undefined;
  const described = issuesOf(units)
    .slice(0, 3)
    .map((issue) => `${issue.path === '' ? 'the schema' : issue.path}: ${issue.message}`);
  return described.join('; ');
}

/** Validators by schema object: a tool's is made once, at its first call, not for every run. */
const checks = new WeakMap<object, SchemaCheck>();

/**
 * Checks the schema against its draft's meta-schema when the tools are listed, and makes the validator
 * at the first call: checking every tool at connect blocked the page 12 s for 3,000 tools of 50
 * properties (issue 28). A schema only the validator rejects (an unresolvable $ref) is reported at that call.
 */
export function compileInputSchema(schema: unknown): CompiledInputSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { ok: false, message: 'inputSchema is not an object' };
  // The listing checks each schema, then making each tool asks again: 3,000 tools checked twice, the second
  // time all in one go, stalled the page 4 s at connect.
  const known = compiledSchemas.get(schema);
  if (known) return known;
  const compiled = checkInputSchema(schema as Record<string, unknown>);
  compiledSchemas.set(schema, compiled);
  return compiled;
}

/** What compileInputSchema answered, by schema object (the server's listing, kept as it was sent). */
const compiledSchemas = new WeakMap<object, CompiledInputSchema>();

function checkInputSchema(record: Record<string, unknown>): CompiledInputSchema {
  if (record.type !== 'object')
    return { ok: false, message: `inputSchema must have "type": "object" (it has ${JSON.stringify(record.type)})` };
  // The checks below recurse: a server's schema nested thousands deep would overflow them.
  if (nestsDeeperThan(record)) return { ok: false, message: `inputSchema nests deeper than ${untrustedJsonDepth} levels` };
  try {
    const problem = schemaProblem(record);
    if (problem) return { ok: false, message: `inputSchema is not valid JSON Schema: ${problem}` };
  } catch (error) {
    return { ok: false, message: `inputSchema is not valid JSON Schema: ${messageOf(error)}` };
  }
  return {
    ok: true,
    validate(args) {
      try {
        let check = checks.get(record);
        if (!check) {
          check = schemaCheck(record, draftOf(record));
          checks.set(record, check);
        }
        return validationResult(check.check(args), args);
      } catch (error) {
        return { success: false, issues: [{ path: '', message: `The tool's inputSchema cannot be used: ${messageOf(error)}` }] };
      }
    },
  };
}
