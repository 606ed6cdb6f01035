// Public surface of the sandbox. Other layers import from here, never from inner files.
export { SandboxHost, type SandboxHostOptions } from './host/sandbox-host.ts';
export {
  adoptSandboxedTool,
  createSandboxedTool,
  SandboxedTool,
  type CreateSandboxedToolResult,
  type SandboxedToolOptions,
  type SourceErrors,
  type SourceUpdateResult,
} from './host/sandboxed-tool.ts';
export type { CodeCheckResult, CompileFailure, SchemaCompileResult } from './host/compile.ts';
export type { FailureKind } from './host/module-load-errors.ts';
export { SandboxUnavailableError } from './host/bundle-sources.ts';
export { SandboxedToolError } from './host/worker-errors.ts';
export { transpileUserSource, type SourceError, type SourcePosition, type TranspiledModule, type TranspileResult } from './transpile.ts';
export { blockedMessage, checkFetchAllowed, normalizeOrigin } from './fetch-allowlist.ts';
export { toBoundedJson, defaultBoundedJsonLimits, type BoundedJson } from './bounded-json.ts';
export type { BoundedJsonLimits, JsonValue } from './bounded-json-types.ts';
export type { SandboxToolContext, SandboxFetchInit } from './worker/worker-context.ts';
export {
  defaultDownstreamSettings,
  isSimulatedDownstream,
  SimulatedDownstreams,
  simulatedDownstreamOrigin,
  type DownstreamAnswer,
  type DownstreamSettings,
} from './simulated-downstream.ts';
export { createSandboxedPythonTool, adoptSandboxedPythonTool, type CreatePythonToolResult } from './python/host/create-python-tool.ts';
export { SandboxedPythonTool } from './python/host/python-tool.ts';
export type { PythonDefinition } from './protocol/worker-messages.ts';
