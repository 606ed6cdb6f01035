// The saved workspace: everything a user makes (tools, scenarios, settings), never API keys.
// This zod schema is the single source of truth for its shape: persistence, import and share links
// all validate against it, and the TypeScript types are inferred from it.
import { z } from 'zod';
import { timeoutStrategies, type TimeoutStrategy } from '../core/index.ts';
import { faultSettingsSchema } from '../faults/index.ts';
import { providerPresetIds } from '../llm/index.ts';

import { TOOL_NAME_PATTERN, WORKSPACE_VERSION } from './workspace-version.ts';

export { TOOL_NAME_PATTERN, WORKSPACE_VERSION } from './workspace-version.ts';

/** A per-attempt time limit, for the run and for a tool alike. */
export const timeoutMsSchema = z.number().int().min(1).max(600_000);

/** What happens to an attempt's work at its deadline (see core's TimeoutStrategy). */
export const timeoutStrategySchema = z.enum(timeoutStrategies as [TimeoutStrategy, ...TimeoutStrategy[]]);

/** With `abort-then-kill`: how long after the deadline unsettled work is killed. */
export const killGraceMsSchema = z.number().int().min(0).max(60_000);

export const retrySettingsSchema = z.object({
  maxAttempts: z.number().int().min(1).max(10),
  baseDelayMs: z.number().int().min(0).max(60_000),
  maxDelayMs: z.number().int().min(0).max(600_000),
  factor: z.number().min(1).max(10),
});

/**
 * A frozen earlier version of a tool (see tool-versions.ts): its sources as they were when the next
 * version was started. Name, description and settings are not versioned; they are the tool's.
 */
export const toolVersionSourceSchema = z.object({
  version: z.string().min(1),
  schemaSource: z.string(),
  codeSource: z.string(),
  /** ISO time the snapshot was taken. */
  frozenAt: z.string(),
});

/**
 * How a tool's versions share its calls, as core's ToolVersions reports it (`traffic()`) and restores it:
 * the rules (canary, promotion, rollback) live there, not here. Added in workspace version 3, which
 * replaced version 2's `canary`.
 */
export const versionTrafficSchema = z.object({
  stable: z.string().min(1),
  canary: z.object({ version: z.string().min(1), share: z.number().min(0).lt(1) }).nullable(),
  /** Stable versions replaced by promotions, oldest first: where rollbacks go back to. */
  replaced: z.array(z.string().min(1)),
});

export const toolSourceSchema = z.object({
  /** Stable identity: survives renames. */
  id: z.string().min(1),
  name: z.string().regex(TOOL_NAME_PATTERN, 'must match ^[a-zA-Z0-9_-]{1,64}$'),
  description: z.string(),
  /**
   * What the tool is written in; absent means TypeScript (saves from before Python tools stay valid).
   * A Python tool's codeSource is one module with an @tool function, its schemaSource is empty: its
   * definition is read from the function's signature (sandbox/python, ADR 0018).
   */
  language: z.enum(['typescript', 'python']).optional(),
  /** TypeScript whose default export is a zod schema (see src/sandbox/README.md). */
  schemaSource: z.string(),
  /** TypeScript whose default export is `async function execute(input, ctx)`, or a Python module. */
  codeSource: z.string(),
  enabled: z.boolean(),
  /** Per-attempt limit for this tool; absent means the run's default. */
  timeoutMs: timeoutMsSchema.optional(),
  idempotent: z.boolean(),
  /** Overrides of the run's retry policy for this tool. */
  retry: retrySettingsSchema.partial().optional(),
  /** Overrides of the run's timeout strategy and kill grace (optional: older saves stay valid). */
  timeoutStrategy: timeoutStrategySchema.optional(),
  killGraceMs: killGraceMsSchema.optional(),
  /** Label of the version in the editors (the newest one); absent until a tool gets a second version. */
  version: z.string().optional(),
  // The registry fields below are optional so that saves from before them stay valid as they are
  // (workspace version 1, no migration needed).
  /** Earlier versions' sources, oldest first; the version in the editors comes after them. */
  versions: z.array(toolVersionSourceSchema).optional(),
  /** Which versions serve the calls; absent: the version in the editors serves them all. */
  traffic: versionTrafficSchema.optional(),
  /** Gives the tool a health check that always fails, to see an outage without breaking its code. */
  simulateUnhealthy: z.boolean().optional(),
  /** Faults injected around the tool (latency, errors, hangs, malformed results) without touching its code. */
  faults: faultSettingsSchema.optional(),
  /** Draft arguments of the Test call editor (JSON text, may be invalid). */
  argumentsText: z.string(),
});

export const scenarioSourceSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** JSON text of a mock-model scenario (see src/llm), kept as typed so a broken draft is not lost. */
  source: z.string(),
  /** JSON text of trajectory assertions (src/assertions) that "Run tests" checks; absent or empty: none. */
  expectations: z.string().optional(),
});

/** 'mock' (the offline model of src/llm/mock) or one of the provider presets of src/llm/provider-presets.ts. */
export const providerKindSchema = z.enum(['mock', ...providerPresetIds]);

export const providerSettingsSchema = z.object({
  kind: providerKindSchema,
  model: z.string(),
  /** Overrides the preset's base URL; empty means the preset's. */
  baseUrl: z.string(),
  /** Ask the provider to stream (answers are read by their Content-Type either way). Added in version 2. */
  stream: z.boolean(),
});

/** How many tools discovery offers on a turn (top-k). */
export const toolSelectionLimitSchema = z.number().int().min(1).max(20);

export const runSettingsSchema = z.object({
  /** Calls running at once; null means unlimited. */
  concurrency: z.number().int().min(1).max(1000).nullable(),
  timeoutMs: timeoutMsSchema,
  retry: retrySettingsSchema,
  maxIterations: z.number().int().min(1).max(100),
  /** Playback speed of the mock model and tools' ctx.sleep: 1 is real time, 0.25 is slow motion. */
  speed: z.number().min(0.05).max(10),
  /** Origins a sandboxed tool may reach through ctx.fetch. Empty by default. */
  fetchAllowlist: z.array(z.string()),
  provider: providerSettingsSchema,
  // Optional so that saves from before the tool registry features stay valid (no migration needed).
  /** Which tools each turn offers: all of them, or the top `limit` found by discovery for the user's message. */
  toolSelection: z.object({ strategy: z.enum(['all', 'discover']), limit: toolSelectionLimitSchema }).optional(),
  /** What decides a call's version during a canary: the conversation (all its calls alike) or each call. Default conversation. */
  canaryRouting: z.enum(['conversation', 'call']).optional(),
  /** What happens to a call's work at its deadline. Default `abort-then-kill`. */
  timeoutStrategy: timeoutStrategySchema.optional(),
  /** Grace before the kill with `abort-then-kill`. Default 2,000 ms. */
  killGraceMs: killGraceMsSchema.optional(),
  /** Seed of injected faults: the same seed gives the same faults on the same calls. Default 1. */
  faultSeed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});

/** A header sent to an MCP server. Values of secret headers (Authorization, API keys) are never saved. */
export const mcpHeaderSchema = z.object({ name: z.string().min(1), value: z.string() });

/**
 * An MCP server the user connected: where it is and what to send, never a secret. Secret header values
 * live in memory beside the API keys (remembered on this device only when asked); `secretHeaders` names
 * the headers that need one, so a reconnect can ask for what is missing.
 */
export const mcpServerSourceSchema = z.object({
  id: z.string().min(1),
  url: z.string().min(1),
  headers: z.array(mcpHeaderSchema),
  // Saves from before issue 24 lost this list to a filter that dropped every property named like a secret;
  // they open with none (a server that needs a secret header then says so when it is connected).
  secretHeaders: z.array(z.string().min(1)).default([]),
  /** Tools the user switched off, by name. */
  disabledTools: z.array(z.string()),
  /** Faults injected around the server's tools, by tool name (optional: older saves stay valid). */
  toolFaults: z.record(z.string(), faultSettingsSchema).optional(),
});

export const workspaceSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  tools: z.array(toolSourceSchema),
  scenarios: z.array(scenarioSourceSchema),
  settings: runSettingsSchema,
  // Optional so that saves from before MCP servers stay valid as they are (version 1, no migration needed).
  /** MCP servers to offer for connecting; they are never connected without the user asking. */
  mcpServers: z.array(mcpServerSourceSchema).optional(),
  /** Names of the samples this workspace had or was offered: samples newer than it are offered once. Optional for the same reason. */
  samplesOffered: z.array(z.string()).optional(),
});

export type RetrySettings = z.infer<typeof retrySettingsSchema>;
export type ToolSource = z.infer<typeof toolSourceSchema>;
export type ToolVersionSource = z.infer<typeof toolVersionSourceSchema>;
export type VersionTrafficSettings = z.infer<typeof versionTrafficSchema>;
export type ToolSelectionSettings = NonNullable<RunSettings['toolSelection']>;
export type ScenarioSource = z.infer<typeof scenarioSourceSchema>;
export type ProviderKind = z.infer<typeof providerKindSchema>;
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;
export type RunSettings = z.infer<typeof runSettingsSchema>;
export type Workspace = z.infer<typeof workspaceSchema>;
export type McpServerSource = z.infer<typeof mcpServerSourceSchema>;
export type McpHeader = z.infer<typeof mcpHeaderSchema>;
