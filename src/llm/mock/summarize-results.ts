// The mock models' final answer, derived from what the tools returned: what succeeded, in words; each
// failure, named with its kind; and what the model would do next. So a run whose calls failed never
// reads as a success, which is the product's first lesson: the model reads the error.
import type { ChatMessage, ToolMessage } from '../model-types.ts';
import { clip, subjectOf, successInWords } from './describe-success.ts';
import { outcomesSinceUser, outcomesToReport, readOutcome, type CallOutcome, type FailureKind } from './read-results.ts';

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

/** Items by a key, in first-seen order (Map.groupBy is not in Node 20). */
function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string): Item[][] {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.values()];
}

/** Successes of one tool listed call by call up to this many; beyond it, a count and the first few. */
const listedPerTool = 4;

function successLines(successes: readonly CallOutcome[]): string[] {
  return groupBy(successes, (outcome) => outcome.name).map((calls) => {
    const name = calls[0]?.name ?? '';
    const told = calls.map((call) => {
      const subject = subjectOf(call.value, call.arguments);
      const content = successInWords(call.value, call.arguments);
      return subject && !content.includes(subject) ? `${subject}: ${content}` : content;
    });
    if (told.length <= listedPerTool)
      return told.length === 1 ? `- ${name}: ${told[0]}` : `- ${name}:\n${told.map((line) => `  - ${line}`).join('\n')}`;
    return `- ${name} answered ${told.length} calls: ${told.slice(0, 3).join('; ')}; and ${told.length - 3} more`;
  });
}

/** The failures, one line per tool, kind and message (several calls with the same error share a line). */
function failureLines(failures: readonly CallOutcome[]): string[] {
  const grouped = groupBy(failures, (outcome) => `${outcome.name}\u0000${outcome.failure?.kind}\u0000${outcome.failure?.message}`);
  return grouped.map((calls) => {
    const first = calls[0] as CallOutcome;
    const subjects = calls.map((call) => subjectOf(undefined, call.arguments)).filter((subject) => subject !== undefined);
    const about =
      subjects.length > 0
        ? ` for ${listInProse(subjects.slice(0, 5))}${subjects.length > 5 ? ` and ${subjects.length - 5} more` : ''}`
        : '';
    const times = calls.length > 1 && subjects.length === 0 ? ` (${calls.length} calls)` : '';
    return `- ${first.name}${about}${times} failed with ${first.failure?.kind}: ${clip(first.failure?.message ?? '', 160)}`;
  });
}

function listInProse(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const transientWording = /\b(429|50[234])\b|too many requests|overloaded|connection reset|temporar|try again|unavailable/i;
const maybeDoneWording = /may (or may not )?have (already )?been/i;

/** What the model would do about a failure: retry later, correct the call, use another tool, or ask the user. */
function nextStepFor(kind: FailureKind, message: string): string {
  switch (kind) {
    case 'timeout':
      return 'the calls that timed out may finish if I try again later, or with a smaller request';
    case 'unavailable':
      return 'an unavailable tool is out of service for now: I would try again later';
    case 'invalid_arguments':
      return 'I sent arguments the tool does not accept: I would correct them and call again';
    case 'unknown_tool':
      return 'I asked for a tool that does not exist: I would use one of the tools I have';
    case 'aborted':
      return 'a stopped call did not finish: ask again if you still need it';
    case 'malformed_result':
      return 'a result came back cut off, so I cannot read it: I would ask for it again';
    case 'execution_error':
      if (maybeDoneWording.test(message))
        return 'I will not repeat an action that may already have happened: please check it, then tell me';
      if (transientWording.test(message))
        return 'the service failed for now (a temporary error): I would try those calls again in a moment';
      return 'that error will not go away on a retry: I need you (or the tool’s owner) to look at it';
  }
}

/** The final answer over the calls given (all of them since the user's message). */
export function answerFromOutcomes(outcomes: readonly CallOutcome[]): string {
  const reported = outcomesToReport(outcomes);
  if (reported.length === 0) return 'Done. I did not need any tools for this.';
  const failures = reported.filter((outcome) => outcome.failure);
  const successes = reported.filter((outcome) => !outcome.failure);
  const intro =
    failures.length === 0
      ? 'Here is what I found:'
      : successes.length === 0
        ? `I cannot answer yet: ${failures.length === 1 ? 'the call' : `all ${failures.length} calls`} I made failed.`
        : `Here is a partial answer: ${failures.length} of ${reported.length} calls failed.`;
  const lines = [intro, ...successLines(successes), ...failureLines(failures)];
  const steps = [
    ...new Set(failures.map((failure) => nextStepFor(failure.failure?.kind ?? 'execution_error', failure.failure?.message ?? ''))),
  ];
  if (steps.length > 0) lines.push(`Next: ${steps.join('; ')}.`);
  return lines.join('\n');
}

/** The final answer from the conversation's messages: every call since the user's last message. */
export function answerFromConversation(messages: readonly ChatMessage[]): string {
  return answerFromOutcomes(outcomesSinceUser(messages));
}

/** The answer over some tool messages alone (no calls to pair them with). */
export function summarizeToolResults(results: readonly ToolMessage[]): string {
  return answerFromOutcomes(results.map((result) => readOutcome(result, undefined, 0)));
}

/** Whether the calls since the user's message all came back well (or were made good later). */
export function everyCallSucceeded(messages: readonly ChatMessage[]): boolean {
  return outcomesToReport(outcomesSinceUser(messages)).every((outcome) => !outcome.failure);
}
