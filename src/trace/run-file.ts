// Export and import of a whole run (events + conversation) as JSON. A loaded run goes through the same
// timeline builder as a live one, so it can be inspected and replayed exactly as it was recorded.
import { parseJsonWithin, type Result } from '../core/index.ts';
import type { AgentRunEvent } from '../agent/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import { runFileFormat, runFileSchema, runFileVersion } from './run-file-schema.ts';

export interface RunFile {
  format: typeof runFileFormat;
  version: typeof runFileVersion;
  exportedAt?: string;
  kind: 'test-call' | 'agent';
  concurrencyLimit?: number | null;
  events: AgentRunEvent[];
  messages: ChatMessage[];
}

export type ParsedRunFile = Result<{ run: RunFile }, { problems: string[] }>;

/** Files above this are refused before parsing: a run of 10,000 calls is about 10 MB. */
export const maxRunFileCharacters = 200_000_000;

export function createRunFile(input: {
  kind: RunFile['kind'];
  events: readonly AgentRunEvent[];
  messages: readonly ChatMessage[];
  concurrencyLimit?: number | null;
  exportedAt?: Date;
}): RunFile {
  return {
    format: runFileFormat,
    version: runFileVersion,
    exportedAt: (input.exportedAt ?? new Date()).toISOString(),
    kind: input.kind,
    ...(input.concurrencyLimit === undefined ? {} : { concurrencyLimit: input.concurrencyLimit }),
    events: [...input.events],
    messages: [...input.messages],
  };
}

export function serializeRunFile(file: RunFile): string {
  // Infinity (an unlimited timeout's deadline) is not JSON; null would fail the schema, so use a big number.
  return JSON.stringify(file, (_key, value: unknown) => (value === Infinity ? Number.MAX_VALUE : value));
}

export function parseRunFile(text: string): ParsedRunFile {
  if (text.length > maxRunFileCharacters)
    return { ok: false, problems: [`The file is too large (${text.length} characters; at most ${maxRunFileCharacters}).`] };
  // Bounded: a run file's arguments and results are drawn and written out again (issue 28).
  const parsed = parseJsonWithin(text);
  if (!parsed.ok)
    return { ok: false, problems: [parsed.tooDeep ? `The file cannot be read: ${parsed.message}.` : `Not valid JSON: ${parsed.message}`] };
  const checked = runFileSchema.safeParse(parsed.value);
  if (!checked.success) {
    const problems = checked.error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, problems };
  }
  const events = checked.data.events as unknown as AgentRunEvent[];
  // Events are drawn in the order they are read; a file edited by hand may have them shuffled.
  const ordered = events.every((event, index) => index === 0 || (events[index - 1] as AgentRunEvent).time <= event.time)
    ? events
    : [...events].sort((left, right) => left.time - right.time);
  // Validated above for every field the timeline reads; the schema is looser than the TypeScript types.
  return {
    ok: true,
    run: { ...(checked.data as unknown as RunFile), events: ordered, messages: checked.data.messages as unknown as ChatMessage[] },
  };
}
