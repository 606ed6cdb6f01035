// How the mock models read the tool results of a conversation, the way a model reads them: only from the
// messages. A failure's kind is read from the executor's own wording (the model never sees the result's
// `kind` field), and each result is paired with the call that asked for it, so an answer can say which
// product or city a failure was about.
import { parseJsonWithin } from '../../core/index.ts';
import type { ChatMessage, ModelToolCall, ToolMessage } from '../model-types.ts';

/** The executor's error kinds, plus a success whose text is cut-off JSON: to a reader that is a failure too. */
export type FailureKind =
  'unknown_tool' | 'invalid_arguments' | 'execution_error' | 'timeout' | 'aborted' | 'unavailable' | 'malformed_result';

export interface CallOutcome {
  toolCallId: string;
  name: string;
  /** The arguments the model sent (parsed), `{}` when they were not an object. */
  arguments: Record<string, unknown>;
  /** The index of the assistant turn that made the call, counted from the user's message. */
  turn: number;
  failure?: { kind: FailureKind; message: string };
  /** The parsed result of a success (text stays text). */
  value?: unknown;
}

const kindByWording: [RegExp, FailureKind][] = [
  [/^Unknown tool\b/, 'unknown_tool'],
  [/^Invalid arguments\b/, 'invalid_arguments'],
  [/^Tool "[^"]*" timed out\b/, 'timeout'],
  [/^Call to tool "[^"]*" was aborted\b/, 'aborted'],
  [/^Tool "[^"]*" is unavailable\b/, 'unavailable'],
];

/** The kind an error message stands for: the executor's fixed wordings, else the tool's own throw. */
export function failureKindOf(message: string): FailureKind {
  return kindByWording.find(([wording]) => wording.test(message))?.[1] ?? 'execution_error';
}

/** Bounded: a result or arguments nested past the limit read as text, so describing them cannot overflow the stack (issue 28). */
function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  const read = parseJsonWithin(text);
  return read.ok ? { ok: true, value: read.value } : { ok: false };
}

function objectOf(text: string): Record<string, unknown> {
  const result = parsed(text);
  return result.ok && result.value !== null && typeof result.value === 'object' && !Array.isArray(result.value)
    ? (result.value as Record<string, unknown>)
    : {};
}

/** Text that starts like JSON but does not parse: a response cut off on its way back. */
const looksCutOff = (text: string): boolean => /^\s*[[{"]/.test(text);

export function readOutcome(message: ToolMessage, call: ModelToolCall | undefined, turn: number): CallOutcome {
  const base = { toolCallId: message.toolCallId, name: message.name, arguments: call ? objectOf(call.arguments) : {}, turn };
  // The executor appends a note on ignored arguments after the result; it is no part of the value.
  const text = message.content.replace(/\n\nNote: [^\n]*ignored: [^\n]*$/, '');
  const result = parsed(text);
  const error =
    result.ok && result.value !== null && typeof result.value === 'object' && 'error' in result.value
      ? (result.value as { error: unknown }).error
      : undefined;
  if (message.isError || error !== undefined) {
    const reason = String(error ?? text);
    return { ...base, failure: { kind: failureKindOf(reason), message: reason } };
  }
  if (!result.ok && looksCutOff(text))
    return { ...base, failure: { kind: 'malformed_result', message: `the result is cut-off JSON: ${text.slice(0, 60)}` } };
  return { ...base, value: result.ok ? result.value : text };
}

/** Index of the last user message, or -1. */
export function lastUserIndex(messages: readonly ChatMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index]?.role === 'user') return index;
  return -1;
}

/** Every call made since the user's last message, with its result, in the order the results came back. */
export function outcomesSinceUser(messages: readonly ChatMessage[]): CallOutcome[] {
  const calls = new Map<string, { call: ModelToolCall; turn: number }>();
  const outcomes: CallOutcome[] = [];
  let turn = -1;
  for (const message of messages.slice(lastUserIndex(messages) + 1)) {
    if (message.role === 'assistant') {
      turn += 1;
      for (const call of message.toolCalls) calls.set(call.id, { call, turn });
    } else if (message.role === 'tool') {
      const asked = calls.get(message.toolCallId);
      outcomes.push(readOutcome(message, asked?.call, asked?.turn ?? Math.max(turn, 0)));
    }
  }
  return outcomes;
}

/**
 * What the answer must account for: every success, and each failure not made good by a later success: the
 * same call again, or (for arguments the tool rejected) a corrected call of the same tool. A failure the
 * model worked around with another tool is still named: the person should know the first way did not work.
 */
export function outcomesToReport(outcomes: readonly CallOutcome[]): CallOutcome[] {
  const madeGood = (outcome: CallOutcome, later: CallOutcome): boolean =>
    later.turn > outcome.turn &&
    later.name === outcome.name &&
    !later.failure &&
    (outcome.failure?.kind === 'invalid_arguments' || JSON.stringify(later.arguments) === JSON.stringify(outcome.arguments));
  return outcomes.filter((outcome) => !outcome.failure || !outcomes.some((later) => madeGood(outcome, later)));
}
