// A run's events and transcript reduced to a trajectory for the assertion engine (src/assertions).
import { parseJsonWithin } from '../core/index.ts';
import type { AgentRunEvent } from '../agent/index.ts';
import type { Trajectory, TrajectoryCall } from '../assertions/index.ts';
import type { ChatMessage } from '../llm/index.ts';

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return {};
  // Arguments are the model's text: nested past the limit, they are matched as the text they are.
  const read = parseJsonWithin(value);
  return read.ok ? read.value : value;
}

export function trajectoryOf(events: readonly AgentRunEvent[], messages: readonly ChatMessage[]): Trajectory {
  const queued = new Map<string, { arguments: unknown; iteration: number; order: number }>();
  const calls: TrajectoryCall[] = [];
  let iteration = 0;
  for (const event of events) {
    if (event.type === 'step-start') iteration = event.iteration;
    else if (event.type === 'tool-call-queued')
      queued.set(event.toolCallId, { arguments: parsed(event.arguments), iteration, order: queued.size });
    else if (event.type === 'tool-call-end') {
      const { result } = event;
      const asked = queued.get(result.toolCallId);
      calls.push({
        toolCallId: result.toolCallId,
        name: result.name,
        arguments: asked?.arguments ?? null,
        status: result.status,
        ...(result.status === 'error' ? { errorKind: result.error.kind } : {}),
        iteration: asked?.iteration ?? iteration,
        startedAt: result.startedAt,
        endedAt: result.endedAt,
      });
    }
  }
  // In the order the calls were made (the model's order within a batch), not the order they ended in.
  const order = (call: TrajectoryCall) => queued.get(call.toolCallId)?.order ?? Infinity;
  calls.sort((left, right) => order(left) - order(right));
  const last = messages.at(-1);
  return {
    calls,
    finalAnswer: last?.role === 'assistant' && last.toolCalls.length === 0 ? last.content : null,
    startedAt: events[0]?.time ?? 0,
    endedAt: events.at(-1)?.time ?? 0,
  };
}
