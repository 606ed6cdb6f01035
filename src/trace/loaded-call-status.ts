// The conversation's chips for a run loaded from a file. The timeline's rows step each call's status with
// the same fold the chips use (call-status.ts), so the statuses are read off the run's timeline model, which
// the Timeline shows next anyway (it is cached per events array): a 100,000-call file is folded once, not twice.
import type { AgentRunEvent } from '../agent/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import { hasEnded, type LiveCallStatus } from './call-status.ts';
import { liveTimeline } from './timeline-cache.ts';

/**
 * The status of every call the conversation shows a chip for (its assistant messages' tool calls), at the
 * end of a recorded run, by tool call id: the latest call of an id wins (a call queued again under the same
 * id is a new row). A duration belongs to a call that has ended; one whose events go on after its end (a
 * malformed file) shows the word only, as the live chips would. Calls no message names get no entry: no
 * chip reads one, and a file of 100,000 calls would make 100,000 of them (ADR 0027).
 */
export function callStatusOf(events: readonly AgentRunEvent[], messages: readonly ChatMessage[]): Record<string, LiveCallStatus> {
  const statuses: Record<string, LiveCallStatus> = {};
  const shown = new Set<string>();
  for (const message of messages) if (message.role === 'assistant') for (const call of message.toolCalls) shown.add(call.id);
  if (shown.size === 0) return statuses;
  for (const call of liveTimeline(events).calls)
    if (shown.has(call.toolCallId))
      statuses[call.toolCallId] =
        hasEnded(call.status) && call.result ? { status: call.status, durationMs: call.result.durationMs } : { status: call.status };
  return statuses;
}
