// The MCP client's JSON Schema validator for the SDK, on the shared check (core/json-schema).
import type { JsonSchemaType, JsonSchemaValidatorResult, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { draftOf, schemaCheck } from '../../core/index.ts';

/**
 * The SDK Client's validator (it checks a tool's structured output with it when told of output schemas),
 * so the Client never makes its default, Ajv, which would compile with `new Function` on this page.
 */
export const sdkSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType) {
    const made = schemaCheck(schema as object, draftOf(schema as Record<string, unknown>));
    return (input: unknown): JsonSchemaValidatorResult<T> => {
      const failures = made.check(input);
      if (failures.length === 0) return { valid: true, data: input as T, errorMessage: undefined };
      return { valid: false, data: undefined, errorMessage: failures.map((unit) => `${unit.instanceLocation}: ${unit.error}`).join('; ') };
    };
  },
};
