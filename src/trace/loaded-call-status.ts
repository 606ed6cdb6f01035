// The conversation's chips for a run loaded from a file. The timeline's rows step each call's status with
// the same fold the chips use (call-status.ts), so the statuses are read off the run's timeline model, which
// the Timeline shows next anyway (it is cached per events array): a 100,000-call file is folded once, not twice.
import type { AgentRunEvent } from '../agent/index.ts';
import { hasEnded, type LiveCallStatus } from './call-status.ts';
import { liveTimeline } from './timeline-cache.ts';

/**
 * Every call's status at the end of a recorded run, by tool call id: the latest call of an id wins (a call
 * queued again under the same id is a new row). A duration belongs to a call that has ended; one whose
 * events go on after its end (a malformed file) shows the word only, as the live chips would.
 */
export function callStatusOf(events: readonly AgentRunEvent[]): Record<string, LiveCallStatus> {
  const statuses: Record<string, LiveCallStatus> = {};
  for (const call of liveTimeline(events).calls)
    statuses[call.toolCallId] =
      hasEnded(call.status) && call.result ? { status: call.status, durationMs: call.result.durationMs } : { status: call.status };
  return statuses;
}
