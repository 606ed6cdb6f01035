// What the inspector shows for one call, as plain data: the arguments exactly as the model sent them,
// what validation said (issues, or keys it ignored), every attempt, the logs, the result and the text the model read back.
import { formatForModel, safeStringify, type ValidationIssue, modelFacingPayload } from '../core/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import type { CallRow } from './timeline-types.ts';

export interface CallInspection {
  /** Pretty-printed when the model sent valid JSON; otherwise the raw text, so a malformed call shows as it was. */
  argumentsText: string;
  argumentsValidJson: boolean;
  validationIssues: ValidationIssue[];
  /** Paths of keys the model sent that the schema does not know, dropped before the tool ran (issue 12). */
  ignoredKeys: string[];
  /** Null while the call runs. */
  resultText: string | null;
  /** What went back to the model: the conversation's tool message when there is one, else the executor's formatting. */
  modelText: string | null;
  /** Queue wait before it got a slot, ms. */
  queuedMs: number | null;
}

/** Indented JSON; values with cycles or BigInts fall back to core's safe (one-line) form. */
function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return safeStringify(value);
  }
}

function describeArguments(value: unknown): { text: string; valid: boolean } {
  if (typeof value !== 'string') return { text: pretty(value), valid: true };
  if (value.trim() === '') return { text: '{}', valid: true };
  try {
    return { text: JSON.stringify(JSON.parse(value), null, 2), valid: true };
  } catch {
    return { text: value, valid: false };
  }
}

export function inspectCall(call: CallRow, messages: readonly ChatMessage[] = []): CallInspection {
  const { text, valid } = describeArguments(call.arguments);
  const toolMessage = messages.find((message) => message.role === 'tool' && message.toolCallId === call.toolCallId);
  const result = call.result;
  return {
    argumentsText: text,
    argumentsValidJson: valid,
    validationIssues: result?.status === 'error' && result.error.kind === 'invalid_arguments' ? (result.error.issues ?? []) : [],
    ignoredKeys: result?.ignoredKeys ?? [],
    resultText: result ? pretty(modelFacingPayload(result)) : null,
    modelText: toolMessage ? toolMessage.content : result ? formatForModel(result) : null,
    queuedMs:
      call.startedAt !== undefined ? call.startedAt - call.queuedAt : call.endedAt !== undefined ? call.endedAt - call.queuedAt : null,
  };
}
