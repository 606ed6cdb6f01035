// Which tools the model was offered on each turn, placed on the assistant message of that turn, so the
// transcript can say "offered: a, b" above it. Events name turns by iteration; the transcript has
// messages. A run adds exactly one assistant message per model call that answered, in iteration order.
import type { ChatMessage } from '../llm/index.ts';

/** Offered tools by the index of the assistant message in `messages` that turn `iteration` produced. */
export function offeredToolsByMessage(
  messages: readonly ChatMessage[],
  firstIndex: number,
  byIteration: ReadonlyMap<number, string[]>,
): Record<number, string[]> {
  const placed: Record<number, string[]> = {};
  let iteration = 0;
  for (let index = firstIndex; index < messages.length; index++) {
    if (messages[index]?.role !== 'assistant') continue;
    const offered = byIteration.get(++iteration);
    if (offered) placed[index] = offered;
  }
  return placed;
}
