import { schemaCheck, validationResult, type ValidationResult } from '../../../core/index.ts';

// A Python tool's arguments checked on the host against the JSON Schema its signature gave, before any
// worker runs (invalid ones never reach Python): the same check as MCP tools' (core/json-schema: no code
// generation, patterns on RE2), with the same issues at the same dot-joined paths as a zod error's.

export function pythonArgumentsValidator(schema: Record<string, unknown>): (args: unknown) => ValidationResult {
  const check = schemaCheck(schema, '2020-12');
  return (args) => validationResult(check.check(args), args);
}
