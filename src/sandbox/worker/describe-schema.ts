import type { z, ZodType } from 'zod';
import { toBoundedJson } from '../bounded-json.ts';
import type { ThrownError } from '../protocol/worker-messages.ts';
import { toThrownError } from './thrown-error.ts';
import { loadZod } from './zod-loader.ts';

// A schema module's zod schema as the JSON Schema a model is shown: what a compile check sends the host
// (each schema of a compile batch, module-batch.ts).

/** A loaded schema's JSON Schema as the host gets it (bounded), or why it cannot be described. */
export function describeZodSchema(
  schema: ZodType,
): { ok: true; jsonSchema: Record<string, z.core.util.JSONType> } | { ok: false; error: ThrownError } {
  try {
    // The input side: a field with a default is optional for the model (same rule as the core's defineTool).
    const { $schema: _dropped, ...jsonSchema } = loadZod().toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
    const bounded = toBoundedJson(jsonSchema, { maxTotalLength: 500_000 });
    if (bounded.notes.length > 0) throw new Error(`The JSON Schema cannot be sent to the host: ${bounded.notes.join('; ')}`);
    return { ok: true, jsonSchema: bounded.value as Record<string, z.core.util.JSONType> };
  } catch (error) {
    return { ok: false, error: toThrownError(error) };
  }
}
