// A fork: a finished run re-run from one of its steps with that step edited. The part before the step is
// replayed from the record, never sent to a model again as a request of its own: the branch starts with
// the transcript up to the step, and only what comes after calls the model.
import type { AssistantMessage, ChatMessage, GenerateResult, LanguageModel } from '../llm/index.ts';
import { parseJsonWithin, type Result } from '../core/index.ts';

export interface ForkPlan {
  /** The conversation the branch starts from. */
  messages: ChatMessage[];
  /** A forked model turn: played back as the branch's first model answer (its calls then run afresh). */
  replay: AssistantMessage | null;
  /** Model turns already taken before the branch's first model call (a scripted scenario skips them). */
  modelTurnsBefore: number;
  /** Where the branch leaves the run, in words, for the Runs list ("result of get_weather after model turn 1"). */
  label: string;
}

export type ForkPoint = Result<{ plan: ForkPlan }, { problem: string }>;

/**
 * Forking at a tool result keeps its whole batch (the edited result among them), and the model answers
 * them anew. Forking at a model turn with tool calls plays that turn, as edited, and runs its calls.
 */
export function planFork(transcript: readonly ChatMessage[], index: number, edited: ChatMessage): ForkPoint {
  const original = transcript[index];
  if (!original || original.role !== edited.role) return { ok: false, problem: 'That step is not in this run any more.' };
  const turnsBefore = (end: number) => transcript.slice(0, end).filter((message) => message.role === 'assistant').length;
  if (edited.role === 'tool') {
    let end = index + 1;
    while (transcript[end]?.role === 'tool') end++;
    const messages = transcript
      .slice(0, end)
      .map((message, at) => (at === index ? asEditedResult(original as typeof edited, edited) : message));
    const label = `result of ${edited.name} after model turn ${turnsBefore(index)}`;
    return { ok: true, plan: { messages, replay: null, modelTurnsBefore: turnsBefore(end), label } };
  }
  if (edited.role === 'assistant') {
    if (edited.toolCalls.length === 0) return { ok: false, problem: 'Fork a model turn that calls tools, or a tool result.' };
    const turn = turnsBefore(index) + 1;
    return {
      ok: true,
      plan: { messages: transcript.slice(0, index), replay: edited, modelTurnsBefore: turn, label: `model turn ${turn}` },
    };
  }
  return { ok: false, problem: 'Fork a model turn or a tool result.' };
}

/**
 * An edited tool result is what the person says the tool returned, so whether it failed is read from the
 * new text: a JSON object with an `error` field still fails, anything else is a success. The recorded
 * `isError` was the executor's verdict on the old text; kept, a failed get_weather edited into valid
 * weather still read "get_weather failed: {…}" in the branch's answer (issue 27). Unedited, it stays.
 */
function asEditedResult(original: ChatMessage & { role: 'tool' }, edited: ChatMessage & { role: 'tool' }): ChatMessage {
  if (edited.content === original.content) return edited;
  const { isError: _recordedVerdict, ...result } = edited;
  return readsAsFailure(edited.content) ? { ...result, isError: true } : result;
}

function readsAsFailure(content: string): boolean {
  const read = parseJsonWithin(content);
  return read.ok && typeof read.value === 'object' && read.value !== null && !Array.isArray(read.value) && 'error' in read.value;
}

/** The model, except that its first answer is the recorded (edited) turn: no request goes out for it. */
export function replayingFirst(model: LanguageModel, turn: AssistantMessage): LanguageModel {
  let replayed = false;
  return {
    ...model,
    id: model.id,
    label: model.label,
    async generate(request): Promise<GenerateResult> {
      if (replayed) return model.generate(request);
      replayed = true;
      request.signal?.throwIfAborted();
      return {
        content: turn.content,
        toolCalls: turn.toolCalls,
        finishReason: 'tool_calls',
        rawFinishReason: 'replayed',
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        model: `${model.id} (replayed)`,
      };
    },
  };
}
