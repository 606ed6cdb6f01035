// A response cut off by the token limit (or a dropped stream) may hold half-written tool calls. Running
// them would act on a partial instruction, so such a response ends the run as the model's error, visibly.
import type { GenerateResult, ModelToolCall } from '../llm/index.ts';
import { isTruncatedJson, ProviderError } from '../llm/index.ts';

export function cutOffError(result: GenerateResult, calls: readonly ModelToolCall[], provider: string): ProviderError | undefined {
  const truncated = calls.filter((call) => isTruncatedJson(call.arguments));
  if (result.finishReason !== 'length' && truncated.length === 0) return undefined;
  const why =
    result.finishReason === 'length'
      ? `The model's response was cut off at its output token limit (finish reason "${result.rawFinishReason ?? 'length'}")`
      : `The model's response ended in the middle of the arguments of ${truncated.map((call) => call.name || 'a tool call').join(', ')}`;
  const dropped = calls.length === 0 ? '' : ` None of its ${calls.length} tool call${calls.length === 1 ? ' was' : 's were'} run.`;
  return new ProviderError({
    kind: 'cut_off',
    provider,
    message: `${why}.${dropped} Raise the output token limit or ask for less at once.`,
  });
}
