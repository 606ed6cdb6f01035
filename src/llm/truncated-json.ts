// Tool-call arguments that stop mid-value were cut off (token limit, dropped stream): running the call
// with whatever prefix arrived would act on half an instruction. Malformed-but-complete JSON is a
// different case: the executor reports it to the model as invalid arguments, which it can correct.
import { parseJsonWithPositions } from './json-positions.ts';

/** True when `text` is the beginning of a JSON value that never finished (`{"city": "Par`). */
export function isTruncatedJson(text: string): boolean {
  // Empty arguments mean "no arguments" to the executor and to every provider.
  if (text.trim() === '') return false;
  const parsed = parseJsonWithPositions(text);
  if (parsed.ok) return false;
  return parsed.message === 'Unterminated string' || parsed.position.offset >= text.trimEnd().length;
}
