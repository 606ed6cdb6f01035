// What the Runs list keeps of a run. A summary (small, listed without reading events) and a body (events,
// transcript, the settings and tool versions it ran with) are stored apart, so listing 300 runs never
// parses 300 event logs. Both are checked with zod when read: a record damaged by a crash, an old
// version or a hand edit is reported and skipped, never handed to the timeline.
import { z } from 'zod';
import type { AgentRunEvent } from '../agent/index.ts';
import { fnv1a32 } from '../core/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import { chatMessageSchema, runEventSchema } from '../trace/run-file-schema.ts';

export const storedRunKinds = ['conversation', 'scenario', 'test-call', 'compare-variant'] as const;
export type StoredRunKind = (typeof storedRunKinds)[number];

/**
 * How the run ended: answered (or the call succeeded), ended with an error, stopped, or interrupted (the page
 * was reloaded or closed while it ran: what it had done by then is kept, see store/run-checkpoints.ts).
 */
export const storedRunStatuses = ['ok', 'error', 'stopped', 'interrupted'] as const;
export type StoredRunStatus = (typeof storedRunStatuses)[number];

export const storedRunSummarySchema = z.object({
  id: z.string().min(1),
  kind: z.enum(storedRunKinds),
  /** What the list shows first: the scenario, the user's message, the tool, the variant. */
  title: z.string(),
  scenarioName: z.string().nullable(),
  status: z.enum(storedRunStatuses),
  /** How it ended, in words ("final answer after 3 model calls"). */
  outcome: z.string(),
  /** Epoch ms. */
  startedAt: z.number().finite(),
  durationMs: z.number().finite().min(0),
  toolNames: z.array(z.string()),
  callCount: z.number().int().min(0),
  errorCount: z.number().int().min(0),
  /** Characters of the stored body: what quota handling weighs. */
  size: z.number().int().min(0),
  /** A fork names the run it branched from. */
  parentRunId: z.string().nullable().optional(),
  /** Where a fork left its parent, in words ("result of get_weather after model turn 1"). Absent in older records. */
  forkedAt: z.string().optional(),
});

export const toolVersionStampSchema = z.object({
  name: z.string(),
  /** The version label, or null for a tool that has only ever had one version. */
  version: z.string().nullable(),
  /** A short hash of the schema and code sources, so two runs show whether the tool changed between them. */
  sourceHash: z.string(),
});

export const storedRunBodySchema = z.object({
  id: z.string().min(1),
  timelineKind: z.enum(['test-call', 'agent']),
  concurrencyLimit: z.number().int().positive().nullable(),
  events: z.array(runEventSchema),
  messages: z.array(chatMessageSchema),
  /** The run settings in force (the workspace's, or a Compare variant's), as plain data. */
  // Defaults, so a record kept before either was written still opens (its comparison says they were not kept).
  settings: z.record(z.string(), z.unknown()).default({}),
  toolVersions: z.array(toolVersionStampSchema).default([]),
});

export type StoredRunSummary = z.infer<typeof storedRunSummarySchema>;
export type ToolVersionStamp = z.infer<typeof toolVersionStampSchema>;

/** A body as the app uses it: the schema is looser than the TypeScript types of events and messages. */
export interface StoredRunBody {
  id: string;
  timelineKind: 'test-call' | 'agent';
  concurrencyLimit: number | null;
  events: AgentRunEvent[];
  messages: ChatMessage[];
  settings: Record<string, unknown>;
  toolVersions: ToolVersionStamp[];
}

/** A run to keep: its summary without the id and size (the store sets them) and its body without the id. */
export interface NewStoredRun {
  summary: Omit<StoredRunSummary, 'id' | 'size'>;
  body: Omit<StoredRunBody, 'id'>;
}

/** A short, stable hash of a tool's sources: enough to tell "changed" from "the same". */
export function sourceHash(text: string): string {
  return fnv1a32(text).toString(16).padStart(8, '0');
}
