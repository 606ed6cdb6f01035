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
});
export type ThrownError = z.infer<typeof thrownErrorSchema>;

export const callContextSchema = z.object({
  toolCallId: z.string(),
  attempt: z.number().int().positive(),
  userId: z.string().optional(),
  env: z.record(z.string(), z.string()),
  idempotencyKey: z.string(),
});
export type CallContextData = z.infer<typeof callContextSchema>;

export const fetchResponseDataSchema = z.object({
  url: z.string(),
  status: z.number().int().min(200).max(599),
  statusText: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  body: z.string(),
});
export type FetchResponseData = z.infer<typeof fetchResponseDataSchema>;

export const hostToWorkerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('describe-schema') }),
  z.object({ type: z.literal('validate'), requestId, args: z.unknown() }),
  z.object({ type: z.literal('execute'), input: z.unknown(), context: callContextSchema }),
  z.object({ type: z.literal('fetch-response'), requestId, response: fetchResponseDataSchema }),
  z.object({ type: z.literal('fetch-failed'), requestId, message: z.string() }),
  z.object({ type: z.literal('sleep-done'), requestId }),
  z.object({ type: z.literal('sleep-failed'), requestId, message: z.string() }),
]);
export type HostToWorkerMessage = z.infer<typeof hostToWorkerMessageSchema>;

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
  /** The user module ran and exports what its role needs (a zod schema, or a function). */
  z.object({ type: z.literal('loaded') }),
  z.object({ type: z.literal('load-failed'), error: thrownErrorSchema }),
  z.object({ type: z.literal('schema-described'), jsonSchema: z.record(z.string(), jsonValueSchema) }),
  z.object({ type: z.literal('describe-failed'), error: thrownErrorSchema }),
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
  /** The harness could not understand a host message. */
  z.object({ type: z.literal('worker-protocol-error'), message: z.string().max(10_000) }),
]);
export type WorkerToHostMessage = z.infer<typeof workerToHostMessageSchema>;
