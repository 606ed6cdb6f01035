// The mock models' final answer: a plain-text reading of the tool results, the way a model would
// "answer from the tool results". Errors are named as errors, so a failed run does not read as success.
import { parseJsonWithin } from '../../core/index.ts';
import type { ChatMessage, ToolMessage } from '../model-types.ts';

/** The tool messages answering the most recent assistant turn. */
export function latestToolResults(messages: readonly ChatMessage[]): ToolMessage[] {
  const results: ToolMessage[] = [];
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.role !== 'tool') break;
    results.unshift(message);
  }
  return results;
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return clip(value, 80);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'no items';
    const shown = value.slice(0, 3).map((item) => clip(typeof item === 'string' ? item : JSON.stringify(item), 40));
    return `${value.length} item${value.length === 1 ? '' : 's'} (${shown.join('; ')}${value.length > 3 ? '; …' : ''})`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const shown = entries
    .slice(0, 6)
    .map(([key, item]) => `${key} ${typeof item === 'object' && item !== null ? clip(JSON.stringify(item), 40) : clip(String(item), 40)}`);
  return shown.join(', ') + (entries.length > 6 ? ', …' : '');
}

function describeResult(message: ToolMessage): string {
  // Plain text (or a result nested past the limit) is shown as it is.
  const read = parseJsonWithin(message.content);
  const value: unknown = read.ok ? read.value : message.content;
  const error = value !== null && typeof value === 'object' && 'error' in value ? (value as { error: unknown }).error : undefined;
  if (message.isError || error !== undefined) return `${message.name} failed: ${clip(String(error ?? message.content), 160)}`;
  return `${message.name}: ${describeValue(value)}`;
}

export function summarizeToolResults(results: readonly ToolMessage[]): string {
  if (results.length === 0) return 'Done. I did not need any tools for this.';
  const lines = results.map((result) => `- ${describeResult(result)}`);
  const failures = results.filter((result) => describeResult(result).startsWith(`${result.name} failed:`)).length;
  const intro =
    failures === results.length
      ? 'The tools I called failed, so I cannot give a full answer:'
      : failures > 0
        ? 'Here is what I found (some calls failed):'
        : 'Here is what I found:';
  return `${intro}\n${lines.join('\n')}`;
}
