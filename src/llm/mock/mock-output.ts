// What both mock models share: simulated latency on the run's clock, streamed deltas, token estimates.
import type { Clock } from '../../core/index.ts';
import type { ChatMessage, GenerateResult, ModelToolCall, StreamDelta, Usage } from '../model-types.ts';

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
  const started = clock.now();
  const deltas = deltasOf(result);
  const firstToken = deltas.length === 0 ? latencyMs : Math.round(latencyMs / 2);
  if (firstToken > 0) await clock.sleep(firstToken, signal);
  const spacing = deltas.length === 0 ? 0 : (latencyMs - firstToken) / deltas.length;
  for (const [index, delta] of deltas.entries()) {
    // Each delta is due at its share of the time. Waits shorter than a timer can time (browsers clamp
    // to ~4 ms) are left out and the deltas come in a burst: sixty 1 ms sleeps took 250 ms, which made
    // a 150 ms model call draw as a long bar on the timeline.
    const wait = started + firstToken + index * spacing - clock.now();
    if (wait >= minimumSleepMs) await clock.sleep(wait, signal);
    signal?.throwIfAborted();
    onDelta(delta);
  }
  // The last stretch: the call takes `latencyMs`, streamed or not.
  const remaining = started + latencyMs - clock.now();
  if (remaining > 0 && deltas.length > 0) await clock.sleep(remaining, signal);
}

/** The shortest wait worth a timer while streaming (browsers clamp nested timers to 4 ms). */
const minimumSleepMs = 8;
