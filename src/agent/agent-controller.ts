// Pause points of the agent loop (issue 19, step mode). The loop knows nothing of a UI: at each point it
// asks an injected controller, which may hold the run (a promise that settles later) and hand back an
// edited version of what is about to happen. Whatever the controller does, the loop re-checks its abort
// signal after every pause, so a run stopped while paused ends.
import type { ToolCallResult } from '../core/index.ts';
import type { ChatMessage, ModelToolCall, ToolMessage } from '../llm/index.ts';

export interface ModelCallPoint {
  iteration: number;
  /** The conversation about to be sent. */
  messages: readonly ChatMessage[];
}

export interface ToolBatchPoint {
  iteration: number;
  /** The calls the model asked for (ids already normalized), about to run. */
  calls: readonly ModelToolCall[];
}

export interface ToolResultsPoint {
  iteration: number;
  calls: readonly ModelToolCall[];
  results: readonly ToolCallResult[];
  /** One message per call, as the model would read them. */
  messages: readonly ToolMessage[];
}

export interface AgentController {
  /** Before each model call. */
  beforeModelCall?(point: ModelCallPoint): Promise<void>;
  /** Before each tool batch: the calls to run (edited, added or removed). An empty list ends the run with the model's text. */
  beforeToolBatch?(point: ToolBatchPoint): Promise<readonly ModelToolCall[]>;
  /** After each batch: the tool messages that go back to the model (one per call, contents may be edited). */
  afterToolBatch?(point: ToolResultsPoint): Promise<readonly ToolMessage[]>;
}

/** Keeps the loop's invariant (one tool message per call id, in call order) whatever a controller returns. */
export function reconcileToolMessages(
  calls: readonly ModelToolCall[],
  proposed: readonly ToolMessage[],
  original: readonly ToolMessage[],
): ToolMessage[] {
  return calls.map((call, index) => {
    const edited = proposed.find((message) => message.toolCallId === call.id);
    return edited ? { ...edited, name: call.name } : (original[index] as ToolMessage);
  });
}

/** Distinct, non-empty ids for edited calls (an added call has none yet). */
export function reconcileCalls(calls: readonly ModelToolCall[], iteration: number): ModelToolCall[] {
  const used = new Set<string>();
  return calls.map((call, index) => {
    let id = call.id.trim() || `call_${iteration}_edit_${index}`;
    for (let suffix = 2; used.has(id); suffix++) id = `${call.id.trim() || `call_${iteration}_edit_${index}`}#${suffix}`;
    used.add(id);
    return { ...call, id };
  });
}
