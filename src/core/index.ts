// Public surface of the executor core. Other layers import from here, never from inner files.
export type { JsonSchemaObject, Tool, ToolDefinition, ValidationResult } from './tool.ts';
export type { ProgressUpdate, TrafficDirection, ToolContext, WaitDetail, WaitReason } from './tool-context.ts';
export type { ExecuteOptions, ToolCall } from './tool-call.ts';
export type {
  AttemptDetail,
  AttemptOutcome,
  LogEntry,
  ProgressEntry,
  TrafficEntry,
  ToolCallResult,
  ToolCallSuccess,
  ToolCallFailure,
} from './tool-result.ts';
export type { ErrorKind, SourceLocation, ToolError, ValidationIssue } from './tool-error.ts';
export type { HealthCheckContext, HealthAnswer, HealthStatus, ToolHealth } from './tool-health.ts';
export type { ExecutorOptions } from './executor-options.ts';
export type { Clock } from './clock.ts';
export type { RetryPolicy } from './retry-policy.ts';
export type { DiscoveryMetrics, LatencySummary, MetricsSnapshot, ToolMetrics, VersionMetrics } from './metrics-snapshot.ts';
export type {
  AttemptEndEvent,
  AttemptKilledEvent,
  AttemptLateSettleEvent,
  AttemptStartEvent,
  AttemptWaitEndEvent,
  AttemptWaitStartEvent,
  ExecutorEvent,
  ExecutorEventType,
  ExecutorListener,
  RetryScheduledEvent,
  ToolCallEndEvent,
  ToolCallLogEvent,
  ToolCallProgressEvent,
  ToolCallTrafficEvent,
  ToolCallQueuedEvent,
  ToolCallStartEvent,
} from './event-types.ts';
export type {
  RegistryEvent,
  RegistryListener,
  ToolHealthChangeEvent,
  ToolVersionInfo,
  ToolVersionsChangeEvent,
  VersionRole,
  VersionTraffic,
} from './registry/registry-types.ts';
export { ToolVersions, type Versioned } from './registry/tool-versions.ts';

export { defineTool, parametersFor, validateWith, toolNamePattern, type ToolDefinitionOptions } from './define-tool.ts';
export { ToolExecutor, type DefinitionOptions } from './executor.ts';
export { unversionedLabel } from './registry/registry-types.ts';
export { fnv1a32, routingBucket } from './registry/routing-hash.ts';
export type { Embedder } from './discovery/embedder.ts';
export { LexicalEmbedder, type LexicalEmbedderOptions } from './discovery/lexical-embedder.ts';
export { defaultConceptGroups } from './discovery/concepts-vocabulary.ts';
export { defaultDiscoveryLimit, type DiscoveryMatch } from './discovery/tool-discovery.ts';
export { toolText } from './discovery/tool-text.ts';
export { cosineSimilarity } from './discovery/cosine.ts';
export { RealClock } from './clock.ts';
export { VirtualClock, settle } from './virtual-clock.ts';
export {
  DuplicateToolError,
  DuplicateVersionError,
  InvalidArgumentsError,
  PermanentError,
  ToolUnavailableError,
  TransientError,
  messageOf,
  type TransientErrorOptions,
} from './errors.ts';
export {
  defaultRetryPolicy,
  transientStatuses,
  backoffDelay,
  classifyFailure,
  resolveRetryPolicy,
  type Classification,
} from './retry-policy.ts';
export { parseRetryAfter, retryAfterFrom, maxRetryAfterMs } from './retry-after.ts';
export { parseArguments, joinPath, defaultArgumentLimits, type ArgumentLimits, type ParsedArguments } from './arguments.ts';
export { jsonTextDepth, nestsDeeperThan, parseJsonWithin, untrustedJsonDepth, type BoundedJson } from './json-depth.ts';
export { untrustedPattern, type PatternTest } from './untrusted-pattern.ts';
export { draftOf, schemaCheck, type OutputUnit, type SchemaCheck, type SchemaDraft } from './json-schema/schema-check.ts';
export { issuesOf, validationResult } from './json-schema/schema-issues.ts';
export {
  formatForModel,
  modelFacingPayload,
  ignoredKeysNote,
  safeStringify,
  truncateMiddle,
  defaultMaxModelTextLength,
  type FormatOptions,
} from './format-for-model.ts';
export { findIgnoredKeys } from './ignored-keys.ts';
export { errorOf } from './results.ts';
export type { Result } from './result.ts';
export { durationBucketsSeconds, summarize, unknownToolLabel } from './metrics.ts';
export { escapeLabelValue, prometheusLabels, PrometheusWriter } from './prometheus-writer.ts';
export type { DurationHistogram, PrometheusFamilyType, PrometheusLabels } from './prometheus-writer.ts';
export { Semaphore, type Release } from './semaphore.ts';
export {
  timeoutStrategies,
  defaultTimeoutMs,
  defaultTimeoutStrategy,
  defaultKillGraceMs,
  defaultLingerLimitMs,
  resolveTimeoutPolicy,
  type TimeoutStrategy,
  type KillReason,
  type TimeoutPolicy,
} from './timeout-strategy.ts';
