import { messageOf } from './errors.ts';
import { z } from 'zod';
import { joinPath } from './arguments.ts';
import type { RetryPolicy } from './retry-policy.ts';
import type { JsonSchemaObject, Tool, ValidationResult } from './tool.ts';
import type { ToolContext } from './tool-context.ts';
import type { ValidationIssue } from './tool-error.ts';
import type { HealthAnswer, HealthCheckContext } from './tool-health.ts';

export interface ToolDefinitionOptions<Schema extends z.ZodType, Output> {
  name: string;
  description: string;
  /** Describes the arguments object. Both the model's JSON Schema and validation come from it. */
  schema: Schema;
  execute(input: z.output<Schema>, ctx: ToolContext): Output | Promise<Output>;
  timeoutMs?: number;
  idempotent?: boolean;
  retry?: Partial<RetryPolicy>;
  version?: string;
  /** Bounded by the executor's health check timeout; `ctx.signal` aborts when it passes. `true` means healthy. */
  healthCheck?(ctx: HealthCheckContext): HealthAnswer | Promise<HealthAnswer>;
}

/** The name rule shared by the OpenAI and Anthropic APIs; checking it here fails at definition, not mid-run. */
export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

export function assertToolName(name: string): void {
  if (!toolNamePattern.test(name)) {
    throw new TypeError(`Invalid tool name "${name}": use 1-64 letters, digits, "_" or "-"`);
  }
}

/**
 * Builds a Tool from a zod schema. The JSON Schema shown to the model is derived from the schema, so
 * what the model is told and what is checked cannot drift apart.
 */
export function defineTool<Schema extends z.ZodType, Output>(
  options: ToolDefinitionOptions<Schema, Output>,
): Tool<z.output<Schema>, Output> {
  assertToolName(options.name);
  const { schema } = options;
  return {
    name: options.name,
    description: options.description,
    parameters: parametersFor(options.name, schema),
    validate: (args) => validateWith(schema, args),
    validationIgnoresSignal: true,
    execute: (input, ctx) => options.execute(input, ctx),
    timeoutMs: options.timeoutMs,
    idempotent: options.idempotent,
    retry: options.retry,
    version: options.version,
    healthCheck: options.healthCheck
      ? (ctx) => (options.healthCheck as (ctx: HealthCheckContext) => HealthAnswer | Promise<HealthAnswer>)(ctx ?? detachedHealthContext())
      : undefined,
  };
}

/** For callers that run a check themselves without a context (the executor always passes one): no deadline. */
function detachedHealthContext(): HealthCheckContext {
  const signal = new AbortController().signal;
  return {
    signal,
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    env: {},
  };
}

/**
 * JSON Schema for the *input* side (`io: 'input'`): a field with a default is optional for the model,
 * even though it is always present in what `execute` receives. `$schema` is dropped: providers reject
 * or ignore it, and it costs tokens.
 */
export function parametersFor(toolName: string, schema: z.ZodType): JsonSchemaObject {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  } catch (error) {
    throw new TypeError(`Tool "${toolName}": its schema cannot be shown to a model as JSON Schema (${messageOf(error)})`);
  }
  const { $schema: _dropped, ...parameters } = jsonSchema;
  if (parameters.type !== 'object') {
    throw new TypeError(`Tool "${toolName}": the schema must describe an object (z.object(...)), got ${JSON.stringify(parameters.type)}`);
  }
  return parameters as JsonSchemaObject;
}

/** Sync parse first (no promise per call); schemas with async refinements fall back to the async parse. */
export function validateWith(schema: z.ZodType, args: unknown): ValidationResult | Promise<ValidationResult> {
  try {
    return toValidationResult(schema.safeParse(args));
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return schema.safeParseAsync(args).then(toValidationResult);
    throw error;
  }
}

function toValidationResult(parsed: z.ZodSafeParseResult<unknown>): ValidationResult {
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, issues: parsed.error.issues.flatMap(toIssues) };
}

/** Unknown keys of a strict object get one issue each, at the key's own path, so the model sees which. */
function toIssues(issue: z.core.$ZodIssue): ValidationIssue[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: joinPath([...issue.path, key]), message: 'Unrecognized key' }));
  }
  return [{ path: joinPath(issue.path), message: issue.message }];
}
