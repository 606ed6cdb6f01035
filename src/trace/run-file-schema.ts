// The zod schema of an exported run. Import validates against it, so a hand-edited or truncated file
// is refused with the path of the first bad field instead of breaking the timeline later. Objects are
// loose: extra fields (a newer Toolscope's additions) pass through untouched.
import { z } from 'zod';

const time = z.number().finite();
const errorKind = z.enum(['unknown_tool', 'invalid_arguments', 'execution_error', 'timeout', 'aborted', 'unavailable']);
const outcome = z.union([z.literal('success'), errorKind]);
const toolError = z.looseObject({
  kind: errorKind,
  message: z.string(),
  issues: z.array(z.looseObject({ path: z.string(), message: z.string() })).optional(),
  retryable: z.boolean(),
});
const waitReason = z.enum(['user', 'model', 'connection']);
const logEntry = z.looseObject({ time, attempt: z.number().int(), message: z.string() });
const attemptDetail = z.looseObject({
  attempt: z.number().int().min(1),
  startedAt: time,
  deadline: z.number(),
  endedAt: time,
  outcome,
  error: toolError.optional(),
  retryDelayMs: z.number().optional(),
  retryReason: z.string().optional(),
  retryAfterMs: z.number().optional(),
});
const toolCallCommon = {
  toolCallId: z.string(),
  name: z.string(),
  attempts: z.number().int().min(0),
  queuedAt: time,
  startedAt: time,
  endedAt: time,
  durationMs: z.number(),
  logs: z.array(logEntry),
  attemptsDetail: z.array(attemptDetail),
};
const toolCallResult = z.preprocess(
  movedErrorDetails,
  z.discriminatedUnion('status', [
    z.looseObject({ ...toolCallCommon, status: z.literal('success'), result: z.unknown() }),
    z.looseObject({ ...toolCallCommon, status: z.literal('error'), error: toolError, details: z.unknown().optional() }),
  ]),
);

/**
 * Runs saved before results became a union kept an error's model-facing `{ error, details }` in
 * `result`; the details now have their own field, so what the model read still shows for old runs.
 */
function movedErrorDetails(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const { status, result, details, ...rest } = value as Record<string, unknown>;
  if (status !== 'error' || result === undefined) return value;
  const oldDetails = typeof result === 'object' && result !== null ? (result as { details?: unknown }).details : undefined;
  const moved = details ?? oldDetails;
  return { ...rest, status, ...(moved === undefined ? {} : { details: moved }) };
}

const executorBase = { time, toolCallId: z.string(), name: z.string(), batchId: z.string().optional() };
const agentBase = { time, iteration: z.number().int().min(0) };

export const runEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ ...executorBase, type: z.literal('tool-call-queued'), arguments: z.unknown(), index: z.number().int() }),
  z.looseObject({ ...executorBase, type: z.literal('tool-call-start'), concurrency: z.number() }),
  z.looseObject({
    ...executorBase,
    type: z.literal('attempt-start'),
    attempt: z.number().int().min(1),
    deadline: z.number(),
    timeoutMs: z.number(),
  }),
  z.looseObject({
    ...executorBase,
    type: z.literal('attempt-end'),
    attempt: z.number().int().min(1),
    outcome,
    error: toolError.optional(),
    startedAt: time,
  }),
  z.looseObject({
    ...executorBase,
    type: z.literal('retry-scheduled'),
    attempt: z.number().int().min(1),
    delayMs: z.number(),
    reason: z.string(),
    retryAfterMs: z.number().optional(),
  }),
  z.looseObject({
    ...executorBase,
    type: z.literal('attempt-late-settle'),
    attempt: z.number().int().min(1),
    outcome: z.enum(['success', 'error']),
    errorMessage: z.string().optional(),
  }),
  z.looseObject({
    ...executorBase,
    type: z.literal('attempt-killed'),
    attempt: z.number().int().min(1),
    reason: z.enum(['grace-expired', 'stopped', 'linger-limit']),
  }),
  ...(['attempt-wait-start', 'attempt-wait-end'] as const).map((type) =>
    z.looseObject({
      ...executorBase,
      type: z.literal(type),
      attempt: z.number().int().min(1),
      wait: z.number().int().min(1),
      on: waitReason,
      waitingOn: z.array(waitReason),
      deadline: z.number(),
      message: z.string().optional(),
      model: z.string().optional(),
      usage: z.looseObject({ inputTokens: z.number(), outputTokens: z.number() }).optional(),
    }),
  ),
  z.looseObject({ ...executorBase, type: z.literal('tool-call-log'), entry: logEntry }),
  z.looseObject({
    ...executorBase,
    type: z.literal('tool-call-progress'),
    entry: z.looseObject({
      time,
      attempt: z.number().int(),
      progress: z.number(),
      total: z.number().optional(),
      message: z.string().optional(),
    }),
  }),
  z.looseObject({
    ...executorBase,
    type: z.literal('tool-call-traffic'),
    entry: z.looseObject({ time, attempt: z.number().int(), direction: z.enum(['sent', 'received']), message: z.unknown() }),
  }),
  z.looseObject({ ...executorBase, type: z.literal('tool-call-end'), result: toolCallResult }),
  z.looseObject({ ...agentBase, type: z.literal('step-start') }),
  z.looseObject({ ...agentBase, type: z.literal('step-end'), toolCallCount: z.number().int() }),
  z.looseObject({
    ...agentBase,
    type: z.literal('model-call-start'),
    modelId: z.string(),
    messageCount: z.number().int(),
    toolCount: z.number().int(),
  }),
  z.looseObject({ ...agentBase, type: z.literal('model-delta'), delta: z.looseObject({ type: z.string() }) }),
  z.looseObject({ ...agentBase, type: z.literal('model-call-end'), startedAt: time, latencyMs: z.number() }),
  z.looseObject({ ...agentBase, type: z.literal('step-pause-start') }),
  z.looseObject({ ...agentBase, type: z.literal('step-pause'), pausedAt: time }),
  z.looseObject({
    time,
    type: z.literal('tool-versions-change'),
    name: z.string(),
    change: z.enum(['deploy', 'set-traffic', 'rollback', 'restore']),
    versions: z.array(z.looseObject({ version: z.string(), traffic: z.number() })),
  }),
]);

const modelToolCall = z.looseObject({ id: z.string(), name: z.string(), arguments: z.string() });
export const chatMessageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: z.string() }),
  z.looseObject({ role: z.literal('user'), content: z.string() }),
  z.looseObject({ role: z.literal('assistant'), content: z.string(), toolCalls: z.array(modelToolCall) }),
  z.looseObject({
    role: z.literal('tool'),
    toolCallId: z.string(),
    name: z.string(),
    content: z.string(),
    isError: z.boolean().optional(),
  }),
]);

export const runFileFormat = 'toolscope-run';
export const runFileVersion = 1;

export const runFileSchema = z.looseObject({
  format: z.literal(runFileFormat, { error: `not a Toolscope run file (expected "format": "${runFileFormat}")` }),
  version: z.literal(runFileVersion, { error: `unsupported run file version (this Toolscope reads version ${runFileVersion})` }),
  exportedAt: z.string().optional(),
  kind: z.enum(['test-call', 'agent']),
  /** The concurrency limit the run had, when known (null: unlimited). */
  concurrencyLimit: z.number().int().positive().nullable().optional(),
  events: z.array(runEventSchema).max(2_000_000),
  messages: z.array(chatMessageSchema).default([]),
});
