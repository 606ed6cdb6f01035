// Public surface of the executor core. Other layers import from here, never from inner files.
export type {
  AttemptDetail,
  AttemptEndEvent,
  AttemptLateSettleEvent,
  AttemptOutcome,
  AttemptStartEvent,
  Clock,
  ErrorKind,
  ExecuteOptions,
  ExecutorEvent,
  ExecutorEventType,
  ExecutorListener,
  ExecutorOptions,
  HealthStatus,
  JsonSchemaObject,
  LatencySummary,
  LogEntry,
  MetricsSnapshot,
  RetryPolicy,
  RetryScheduledEvent,
  Tool,
  ToolCall,
  ToolCallEndEvent,
  ToolCallLogEvent,
  ToolCallQueuedEvent,
  ToolCallResult,
  ToolCallStartEvent,
  ToolContext,
  ToolDefinition,
  ToolError,
  ToolMetrics,
  ValidationIssue,
  ValidationResult,
} from './types.ts';

export { defineTool, parametersFor, validateWith, toolNamePattern, type ToolDefinitionOptions } from './define-tool.ts';
export { ToolExecutor, defaultTimeoutMs } from './executor.ts';
export { RealClock } from './clock.ts';
export { VirtualClock, settle } from './virtual-clock.ts';
export { DuplicateToolError, InvalidArgumentsError, PermanentError, ToolUnavailableError, TransientError, type TransientErrorOptions } from './errors.ts';
export { defaultRetryPolicy, transientStatuses, backoffDelay, classifyFailure, resolveRetryPolicy, type Classification } from './retry-policy.ts';
export { parseRetryAfter, retryAfterFrom, maxRetryAfterMs } from './retry-after.ts';
export { parseArguments, joinPath, defaultArgumentLimits, type ArgumentLimits, type ParsedArguments } from './arguments.ts';
export { formatForModel, safeStringify, truncateMiddle, defaultMaxModelTextLength, type FormatOptions } from './format-for-model.ts';
export { durationBucketsSeconds, summarize, unknownToolLabel } from './metrics.ts';
export { escapeLabelValue } from './prometheus.ts';
export { Semaphore, type Release } from './semaphore.ts';
