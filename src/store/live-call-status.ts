import type { AgentRunEvent } from '../agent/agent-types.ts';
import type { ChatMessage } from '../llm/index.ts';
import { errorOf } from '../core/index.ts';

export type LiveCallStatus =
  { state: 'queued' | 'running' | 'retrying' } | { state: 'success' | 'error'; kind?: string; durationMs: number };

/** One call's status after `event`, or null when the event does not change it. */
function nextStatus(current: LiveCallStatus | undefined, event: AgentRunEvent): LiveCallStatus | null {
  switch (event.type) {
    case 'tool-call-queued':
      return { state: 'queued' };
    case 'tool-call-start':
      return { state: 'running' };
    case 'retry-scheduled':
      return { state: 'retrying' };
    case 'attempt-start':
      return current?.state === 'retrying' ? { state: 'running' } : null;
    case 'tool-call-end':
      return { state: event.result.status, kind: errorOf(event.result)?.kind, durationMs: event.result.durationMs };
    default:
      return null;
  }
}

/**
 * The next per-call status map after `events` (a frame's worth, in order), or null when they change no
 * call's status. One copy of the map however many events there are: a fan-out reports thousands a second.
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

/** Every call's status at the end of a recorded run, in one pass (a loaded run can hold 60,000 events). */
export function callStatusOf(events: readonly AgentRunEvent[]): Record<string, LiveCallStatus> {
  const statuses: Record<string, LiveCallStatus> = {};
  for (const event of events) {
    if (!('toolCallId' in event)) continue;
    const next = nextStatus(statuses[event.toolCallId], event);
    if (next) statuses[event.toolCallId] = next;
  }
  return statuses;
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
