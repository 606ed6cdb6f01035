// What both mock models share: simulated latency on the run's clock, streamed deltas, token estimates.
import type { Clock } from '../../core/index.ts';
import type { ChatMessage, GenerateResult, ModelToolCall, StreamDelta, Usage } from '../types.ts';

/** About four characters a token, as a rule of thumb; deterministic, which is all a mock needs. */
function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function estimateUsage(messages: readonly ChatMessage[], content: string, toolCalls: readonly ModelToolCall[]): Usage {
  const inputTokens = messages.reduce((sum, message) => {
    const calls =
      message.role === 'assistant' ? message.toolCalls.reduce((total, call) => total + tokens(call.name + call.arguments), 0) : 0;
    return sum + 4 + tokens(message.content) + calls;
  }, 0);
  const outputTokens = tokens(content) + toolCalls.reduce((sum, call) => sum + tokens(call.name + call.arguments), 0);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** The deltas a real model would stream for this result: text word by word, then each call. */
export function deltasOf(result: Pick<GenerateResult, 'content' | 'toolCalls'>): StreamDelta[] {
  const deltas: StreamDelta[] = (result.content.match(/\S+\s*|\s+/g) ?? []).map((text) => ({ type: 'text', text }));
  result.toolCalls.forEach((call, index) => {
    deltas.push({ type: 'tool-call-start', index, id: call.id, name: call.name });
    for (let offset = 0; offset < call.arguments.length; offset += 16) {
      deltas.push({ type: 'tool-call-arguments', index, id: call.id, argumentsDelta: call.arguments.slice(offset, offset + 16) });
    }
  });
  return deltas;
}

/**
 * Waits `latencyMs` on the clock, as a model thinking. With a delta listener, half the time passes
 * before the first token and the rest is spread over the deltas, so slow motion shows the stream.
 */
export async function playOut(
  result: Pick<GenerateResult, 'content' | 'toolCalls'>,
  latencyMs: number,
  clock: Clock,
  signal?: AbortSignal,
  onDelta?: (delta: StreamDelta) => void,
): Promise<void> {
  signal?.throwIfAborted();
  if (!onDelta) {
    if (latencyMs > 0) await clock.sleep(latencyMs, signal);
    return;
  }
  const deltas = deltasOf(result);
  const firstToken = deltas.length === 0 ? latencyMs : Math.round(latencyMs / 2);
  if (firstToken > 0) await clock.sleep(firstToken, signal);
  const step = deltas.length === 0 ? 0 : Math.floor((latencyMs - firstToken) / deltas.length);
  for (const [index, delta] of deltas.entries()) {
    if (index > 0 && step > 0) await clock.sleep(step, signal);
    signal?.throwIfAborted();
    onDelta(delta);
  }
  // The last stretch: the call takes exactly `latencyMs`, streamed or not.
  const remaining = latencyMs - firstToken - step * Math.max(0, deltas.length - 1);
  if (remaining > 0 && deltas.length > 0) await clock.sleep(remaining, signal);
}
