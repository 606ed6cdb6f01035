// What a call is doing, in one word, and how that word is shown. The one fold of a call's events into its
// status: the timeline's rows (call-state.ts) and the conversation's chips (the maps below, kept by the
// store) both step it, so a chip and a row never name one moment differently.
import type { AgentRunEvent } from '../agent/index.ts';
import type { AttemptOutcome, ExecutorEvent, ToolCallResult, WaitReason } from '../core/index.ts';
import type { ChatMessage } from '../llm/index.ts';

/**
 * queued: waiting for a concurrency slot. validating: the arguments are being checked. running: an attempt
 * runs. waiting_for_you: the attempt waits on the person (a form a server asked for; its deadline stands
 * still). waiting_for_connection: its request has no connection yet. backoff: waiting before the next
 * attempt. Once ended: 'success' or the error kind.
 */
export type CallStatus = 'queued' | 'validating' | 'running' | 'waiting_for_you' | 'waiting_for_connection' | 'backoff' | AttemptOutcome;

/** While an attempt waits (ToolContext.wait): on the person first, then on a connection; a model's answer is the tool running. */
function waitingStatus(waitingOn: readonly WaitReason[]): CallStatus {
  if (waitingOn.includes('user')) return 'waiting_for_you';
  return waitingOn.includes('connection') ? 'waiting_for_connection' : 'running';
}

/** How a finished call ended: 'success' or its error's kind. */
export function outcomeOf(result: ToolCallResult): AttemptOutcome {
  return result.status === 'success' ? 'success' : (result.error?.kind ?? 'execution_error');
}

/** The status after one of the call's events; an event that changes nothing (a log, an attempt's end) keeps it. */
export function statusAfter(current: CallStatus, event: ExecutorEvent): CallStatus {
  switch (event.type) {
    case 'tool-call-queued':
      return 'queued';
    case 'tool-call-start':
      return 'validating';
    case 'attempt-start':
      return 'running';
    case 'attempt-wait-start':
    case 'attempt-wait-end':
      return waitingStatus(event.waitingOn);
    case 'retry-scheduled':
      return 'backoff';
    case 'tool-call-end':
      return outcomeOf(event.result);
    default:
      return current;
  }
}

const inFlight: ReadonlySet<CallStatus> = new Set([
  'queued',
  'validating',
  'running',
  'waiting_for_you',
  'waiting_for_connection',
  'backoff',
]);

/** The call has ended (its status is an outcome). */
export function hasEnded(status: CallStatus): boolean {
  return !inFlight.has(status);
}

/** A status (or an error kind) as the calls table, the tooltips and the inspector print it: `invalid arguments`, `backoff`. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/**
 * A conversation chip's text: the word while the call is in flight; once it ended, the outcome with its
 * duration, the error kind as the model reads it (`error: invalid_arguments · 12 ms`).
 */
export function chipText(status: CallStatus, durationMs = 0): string {
  if (!hasEnded(status)) return statusLabel(status);
  const duration = `${Math.round(durationMs)} ms`;
  return status === 'success' ? `success · ${duration}` : `error: ${status} · ${duration}`;
}

/** A conversation chip's status: the call's word, and how long it took once it ended. */
export interface LiveCallStatus {
  status: CallStatus;
  /** Set once the call has ended. */
  durationMs?: number;
}

/** One call's status after `event`, or null when the event does not change it. */
function nextStatus(current: LiveCallStatus | undefined, event: AgentRunEvent): LiveCallStatus | null {
  if (!('toolCallId' in event)) return null;
  const status = statusAfter(current?.status ?? 'queued', event);
  if (event.type === 'tool-call-end') return { status, durationMs: event.result.durationMs };
  return current?.status === status ? null : { status };
}

/**
 * The next per-call status map after `events` (a frame's worth, in order), or null when they change no
 * call's status. One copy of the map however many events there are: a fan-out reports thousands a
 * second, and the store takes them once per frame (store/frame-batch.ts).
 * Drives the live badges on each tool call of the conversation.
 */
export function liveCallStatus(
  current: Record<string, LiveCallStatus>,
  events: readonly AgentRunEvent[],
): Record<string, LiveCallStatus> | null {
  let next: Record<string, LiveCallStatus> | null = null;
  for (const event of events) {
    if (!('toolCallId' in event)) continue;
    const status = nextStatus((next ?? current)[event.toolCallId], event);
    if (!status) continue;
    next ??= { ...current };
    next[event.toolCallId] = status;
  }
  return next;
}

/**
 * The statuses of the calls already in `messages` when a run starts from them: none for a new
 * conversation, and for a fork the calls of the steps it replays, which emit no events of their own.
 */
export function carriedCallStatus(
  current: Record<string, LiveCallStatus>,
  messages: readonly ChatMessage[],
): Record<string, LiveCallStatus> {
  const carried: Record<string, LiveCallStatus> = {};
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls) {
      const status = current[call.id];
      if (status) carried[call.id] = status;
    }
  }
  return carried;
}
