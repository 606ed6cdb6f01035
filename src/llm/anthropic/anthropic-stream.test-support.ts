// Test support (not shipped, not mutated): an Anthropic endpoint and an accumulator fed one event at a
// time, shared by the stream parser's edge-case tests.
import type { Endpoint } from '../http.ts';
import type { StreamDelta } from '../model-types.ts';
import { AnthropicStreamAccumulator } from './anthropic-stream.ts';

export const anthropicEndpoint: Endpoint = {
  provider: 'Anthropic',
  url: 'https://api.anthropic.com/v1/messages',
  headers: {},
  secrets: [],
  networkHint: '',
};

export function accumulate(events: Record<string, unknown>[], deltas: StreamDelta[] = []) {
  const accumulator = new AnthropicStreamAccumulator(anthropicEndpoint, (delta) => deltas.push(delta));
  for (const event of events) accumulator.push(event);
  return accumulator;
}
