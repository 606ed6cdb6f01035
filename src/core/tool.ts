// What a tool is: the definition the model is shown, and the low-level tool the executor runs.
// Other layers (sandbox, agent, trace, ui) code against these, so they only grow: new optional fields
// and new union members, never renames or removals (the same holds for the other concept files).
import type { RetryPolicy } from './retry-policy.ts';
import type { TimeoutStrategy } from './timeout-strategy.ts';
import type { ToolContext } from './tool-context.ts';
import type { ValidationIssue } from './tool-error.ts';
import type { HealthAnswer, HealthCheckContext } from './tool-health.ts';

/** A JSON Schema (draft 2020-12) describing the arguments object the model must send. */
export interface JsonSchemaObject {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: unknown;
  [keyword: string]: unknown;
}

/** What the model is shown about a tool. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

export type ValidationResult = { success: true; data: unknown } | { success: false; issues: ValidationIssue[] };

/**
 * The low-level tool the executor runs. `defineTool` builds one from a zod schema; the sandbox builds
 * one whose validation happens in a worker (hence `validate` may be async).
 */
export interface Tool<Input = unknown, Output = unknown> {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
  validate(args: unknown, signal: AbortSignal): ValidationResult | Promise<ValidationResult>;
  execute(input: Input, ctx: ToolContext): Output | Promise<Output>;
  /** Per-attempt limit; wins over the run's and the executor's. */
  timeoutMs?: number;
  /** Only idempotent tools are retried automatically. */
  idempotent?: boolean;
  retry?: Partial<RetryPolicy>;
  /** What happens to the work at the deadline; wins over the run's and the executor's. */
  timeoutStrategy?: TimeoutStrategy;
  /** With `abort-then-kill`: how long after the deadline unsettled work is killed. */
  killGraceMs?: number;
  /**
   * The work can be stopped by force: `execute` listens to `ctx.killSignal` (the sandbox terminates the
   * worker). Work that cannot be killed is left to settle whenever it does.
   */
  killable?: boolean;
  /** Names this implementation among the versions deployed under one name (see `ToolExecutor.deploy`). */
  version?: string;
  /**
   * `validate` never reads its `signal` (zod's parse does not), so the executor may skip making one:
   * a signal costs more than the rest of a call on Node. `defineTool` sets it; leave it unset when
   * `validate` passes the signal on (the sandbox's validation in a worker does).
   */
  validationIgnoresSignal?: boolean;
  /**
   * The executor always passes `ctx`; it is optional in this type only so that code written before it
   * existed, which calls `healthCheck()` itself, still compiles.
   */
  healthCheck?(ctx?: HealthCheckContext): HealthAnswer | Promise<HealthAnswer>;
}
