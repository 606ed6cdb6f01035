import { z } from 'zod';

// Messages between the host page and one worker, over the worker's own MessagePort. The worker runs
// user code, so everything it sends is untrusted: the host parses each message with
// workerToHostMessageSchema and treats anything else as a misbehaving worker.

const requestId = z.number().int().nonnegative();

const jsonValueSchema = z.json();

const issueSchema = z.object({ path: z.string().max(2_000), message: z.string().max(2_000) });

/** What the harness keeps of something user code threw (the Error object itself cannot cross). */
export const thrownErrorSchema = z.object({
  name: z.string().max(200),
  message: z.string().max(20_000),
  stack: z.string().max(20_000).optional(),
  /** Copied from the thrown value so the core's classification (retryable, status) still applies. */
  retryable: z.boolean().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  status: z.number().int().optional(),
  issues: z.array(issueSchema).max(1_000).optional(),
  /** A Python tool's error: where in its source (1-based), and the traceback of its own frames. */
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  traceback: z.string().max(20_000).optional(),
});
export type ThrownError = z.infer<typeof thrownErrorSchema>;

/** What the harness needs of the executor's ToolContext (functions cannot cross; they become messages). */
export interface CallContextData {
  toolCallId: string;
  attempt: number;
  userId?: string | undefined;
  env: Record<string, string>;
  idempotencyKey: string;
  /**
   * The executor's clock is the wall clock (ToolContext.realTime): the worker times `ctx.sleep` and
   * `setTimeout` itself instead of asking the host for each wait. Absent: every wait goes to the host.
   */
  localTimers?: boolean;
}

export const fetchResponseDataSchema = z.object({
  url: z.string(),
  status: z.number().int().min(200).max(599),
  statusText: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  body: z.string(),
});
export type FetchResponseData = z.infer<typeof fetchResponseDataSchema>;

/** One module of a compile batch: `needsZod` as for load-module. */
export interface ModuleToCheck {
  role: 'schema' | 'code';
  code: string;
  needsZod: boolean;
}

/**
 * A module's verdict in a compile batch: it loaded (a schema with its JSON Schema), or it failed to load
 * (`unparsable`: its script did not parse) or to be described.
 */
export const moduleCheckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), jsonSchema: z.record(z.string(), jsonValueSchema).optional() }),
  z.object({ ok: z.literal(false), stage: z.enum(['load', 'describe']), error: thrownErrorSchema, unparsable: z.boolean() }),
]);
export type ModuleCheckOutcome = z.infer<typeof moduleCheckSchema>;

/**
 * What the host sends a worker. Checked in the worker by host-message-guards.ts, without zod: a warm
 * worker starts in a few milliseconds without it, and loads zod only for a schema or an import of it.
 */
export type HostToWorkerMessage =
  /** The user module as a classic script (see worker-source.ts); a compile worker gets several in turn. */
  /**
   * `needsZod`: load zod before the module runs, so the module load timeout (which catches an endless
   * loop at the top level) times the user's code only, not a 400 kB library on a busy machine.
   */
  | { type: 'load-module'; requestId: number; role: 'schema' | 'code'; source: string; needsZod: boolean }
  /**
   * A compile batch (a compile worker only): each module's transpiled code, checked in turn (its top
   * level run, a schema described). The verdicts come back in `modules-checked` messages, at most one
   * per `reportEveryMs` (0: one per module, so the host knows which module a hang or crash was in).
   */
  | { type: 'check-modules'; requestId: number; modules: ModuleToCheck[]; reportEveryMs: number }
  /** A Python tool's module (a Python worker): run it and describe the tool it marks with @tool. */
  | { type: 'python-load'; requestId: number; source: string }
  | { type: 'validate'; requestId: number; args: unknown }
  | { type: 'execute'; input: unknown; context: CallContextData }
  | { type: 'fetch-response'; requestId: number; response: FetchResponseData }
  | { type: 'fetch-failed'; requestId: number; message: string }
  | { type: 'sleep-done'; requestId: number }
  | { type: 'sleep-failed'; requestId: number; message: string }
  /** The call's signal aborted (deadline or Stop): `ctx.signal` in the worker aborts; the work may stop. */
  | { type: 'abort'; message: string }
  | { type: 'timer-done'; requestId: number };

/** What a Python tool's signature says: the definition a model sees, and whether retries are safe. */
export const pythonDefinitionSchema = z.object({
  name: z.string().max(64),
  description: z.string().max(20_000),
  idempotent: z.boolean(),
  parameters: z.record(z.string(), jsonValueSchema),
});
export type PythonDefinition = z.infer<typeof pythonDefinitionSchema>;

export const logLevelSchema = z.enum(['log', 'info', 'warn', 'error', 'debug']);
export type LogLevel = z.infer<typeof logLevelSchema>;

export const fetchRequestDataSchema = z.object({
  url: z.string().max(8_000),
  method: z.string().max(20),
  headers: z.array(z.tuple([z.string().max(1_000), z.string().max(8_000)])).max(100),
  body: z.string().max(1_000_000).optional(),
});
export type FetchRequestData = z.infer<typeof fetchRequestDataSchema>;

export const workerToHostMessageSchema = z.discriminatedUnion('type', [
  /** A cold worker's own module ran and exports what its role needs (a zod schema, or a function). */
  z.object({ type: z.literal('loaded') }),
  z.object({ type: z.literal('load-failed'), error: thrownErrorSchema }),
  /** load-module's dependencies are loaded (or a cold worker started): the user's top level runs now (the load timeout starts). */
  z.object({ type: z.literal('module-running'), requestId }),
  /** The answer to load-module. `unparsable`: the script did not parse, and the browser gave no position. */
  /** `plain`: a schema module's schema as plain data, when it is (protocol/plain-schema.ts; read by host/host-validation.ts). */
  z.object({ type: z.literal('module-loaded'), requestId, plain: z.unknown().optional() }),
  z.object({ type: z.literal('module-load-failed'), requestId, error: thrownErrorSchema, unparsable: z.boolean() }),
  /**
   * Verdicts of a compile batch: `results[k]` is module `from + k`'s. The module after the last one is
   * running now (the first message, with no results, says the dependencies are loaded).
   */
  z.object({
    type: z.literal('modules-checked'),
    requestId,
    from: z.number().int().nonnegative(),
    results: z.array(moduleCheckSchema).max(10_000),
  }),
  /** A Python module ran; its tool's definition as read from the function (toolscope.py's describe). */
  z.object({ type: z.literal('python-loaded'), requestId, definition: pythonDefinitionSchema }),
  z.object({ type: z.literal('python-load-failed'), requestId, error: thrownErrorSchema }),
  z.object({
    type: z.literal('validated'),
    requestId,
    result: z.discriminatedUnion('success', [
      z.object({ success: z.literal(true), data: z.unknown() }),
      z.object({ success: z.literal(false), issues: z.array(issueSchema).max(1_000) }),
    ]),
  }),
  z.object({ type: z.literal('validate-failed'), requestId, error: thrownErrorSchema }),
  z.object({ type: z.literal('executed'), value: jsonValueSchema, notes: z.array(z.string().max(500)).max(50) }),
  z.object({ type: z.literal('execute-failed'), error: thrownErrorSchema }),
  z.object({ type: z.literal('log'), level: logLevelSchema, values: z.array(jsonValueSchema).max(100) }),
  z.object({ type: z.literal('fetch'), requestId, request: fetchRequestDataSchema }),
  z.object({ type: z.literal('sleep'), requestId, milliseconds: z.number().nonnegative() }),
  /** A setTimeout of user code: it runs on the executor's clock and ignores the signal. */
  z.object({ type: z.literal('timer'), requestId, milliseconds: z.number().nonnegative() }),
  /** The harness could not understand a host message. */
  z.object({ type: z.literal('worker-protocol-error'), message: z.string().max(10_000) }),
]);
export type WorkerToHostMessage = z.infer<typeof workerToHostMessageSchema>;
