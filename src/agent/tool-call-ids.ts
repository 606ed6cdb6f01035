// Tool messages are matched to calls by id, so every call of a turn needs one, and a distinct one.
// Models occasionally omit ids or repeat them; fixing them before the assistant message is stored keeps
// the stored call, the executor's result and the tool message on the same id.
import type { ModelToolCall } from '../llm/index.ts';

export function normalizeToolCallIds(calls: readonly ModelToolCall[], iteration: number): ModelToolCall[] {
  const used = new Set<string>();
  return calls.map((call, index) => {
    let id = call.id.trim() === '' ? `call_${iteration}_${index}` : call.id;
    // The executor uses the same `#n` suffix for repeats, so its events would show these ids anyway.
    for (let suffix = 2; used.has(id); suffix++) id = `${call.id || `call_${iteration}_${index}`}#${suffix}`;
    used.add(id);
    return id === call.id ? call : { ...call, id };
  });
}
