// Exactly one tool message per tool call id, in call order. A request whose assistant turn has a call
// without its result is rejected by real providers, so a missing result (which the executor should never
// produce) still gets an error message rather than a gap.
import type { ToolCallResult } from '../core/index.ts';
import { formatForModel } from '../core/index.ts';
import type { ModelToolCall, ToolMessage } from '../llm/index.ts';

export const missingResultText = JSON.stringify({ error: 'No result was recorded for this call (the executor returned none).' });

/** Images a tool's value offers for the model (an MCP tool's `modelImages`), else none. */
function imagesOf(result: ToolCallResult): { mimeType: string; data: string }[] {
  if (result.status !== 'success' || result.result === null || typeof result.result !== 'object') return [];
  const images = (result.result as { modelImages?: unknown }).modelImages;
  return Array.isArray(images) ? (images as { mimeType: string; data: string }[]) : [];
}

export function toolMessagesFor(calls: readonly ModelToolCall[], results: readonly ToolCallResult[]): ToolMessage[] {
  const byId = new Map<string, ToolCallResult>();
  for (const result of results) if (!byId.has(result.toolCallId)) byId.set(result.toolCallId, result);
  return calls.map((call, index): ToolMessage => {
    // By id first; by position as a fallback, since executeBatch returns results in call order.
    const positional = results[index];
    const result = byId.get(call.id) ?? (positional && !calls.some((other) => other.id === positional.toolCallId) ? positional : undefined);
    if (!result) return { role: 'tool', toolCallId: call.id, name: call.name, content: missingResultText, isError: true };
    const images = imagesOf(result);
    return {
      role: 'tool',
      toolCallId: call.id,
      name: call.name,
      content: formatForModel(result),
      ...(result.status === 'error' ? { isError: true } : {}),
      ...(images.length > 0 ? { images } : {}),
    };
  });
}
