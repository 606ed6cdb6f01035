// The key-argument labels as they were first written (issue 14): every call's label worded at once, with
// plain arrays and splits. call-labels.ts gathers the same statistics without an object per call and words
// a label only when asked; its property test checks the two agree on every call.
import type { CallRow } from './timeline-types.ts';

type Primitive = string | number | boolean;

/** Longest argument text shown beside a name; a row label has little room. */
const maximumArgumentLabelLength = 28;

function primitiveArguments(value: unknown): [string, Primitive][] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  // A loop rather than entries().filter(): this runs once per call, 100,000 times for a big loaded run.
  const primitives: [string, Primitive][] = [];
  for (const name of Object.keys(parsed)) {
    const entry = (parsed as Record<string, unknown>)[name];
    if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') primitives.push([name, entry]);
  }
  return primitives;
}

/** The argument that tells the calls of one tool apart: the one with the most distinct values, strings first. */
function keyArgument(group: readonly [string, Primitive][][]): string | undefined {
  // One map lookup per argument of each call: a tool of a 100,000-call run has 20,000 calls to look at.
  const seen = new Map<string, { values: Set<Primitive>; text: boolean }>();
  for (const entries of group)
    for (const [name, value] of entries) {
      let argument = seen.get(name);
      if (!argument) {
        argument = { values: new Set(), text: true };
        seen.set(name, argument);
      }
      argument.values.add(value);
      argument.text &&= typeof value === 'string';
    }
  let best: string | undefined;
  let bestScore = -1;
  for (const [name, { values, text }] of seen) {
    // Map order is first-seen order, so on a tie the argument the model wrote first wins.
    const score = values.size * 2 + (text ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [name, score];
  }
  return best;
}

/** Words every text starts (or ends) with, dropped when what is left still differs: "Q3 sales in Nordics" -> "Nordics". */
function withoutSharedWords(texts: readonly string[]): string[] {
  const split = texts.map((text) => text.split(' '));
  if (split.length < 2 || texts.every((text) => text === texts[0])) return [...texts];
  const shortest = Math.min(...split.map((words) => words.length));
  let head = 0;
  while (head < shortest - 1 && split.every((words) => words[head] === split[0]?.[head])) head++;
  let tail = 0;
  while (
    tail < shortest - head - 1 &&
    split.every((words) => words[words.length - 1 - tail] === split[0]?.[(split[0]?.length ?? 0) - 1 - tail])
  )
    tail++;
  return split.map((words) => words.slice(head, words.length - tail).join(' '));
}

function shorten(text: string): string {
  return text.length <= maximumArgumentLabelLength ? text : `${text.slice(0, maximumArgumentLabelLength - 1)}…`;
}

/**
 * Call key -> its key argument as short text (no tool name). Calls with no simple argument get none.
 * Texts shared by every call of a tool are trimmed to the part that differs.
 */
export function eagerCallArgumentLabels(calls: readonly Pick<CallRow, 'key' | 'name' | 'arguments'>[]): Map<string, string> {
  const groups = new Map<string, { key: string; entries: [string, Primitive][] }[]>();
  for (const call of calls) {
    const group = groups.get(call.name) ?? [];
    group.push({ key: call.key, entries: primitiveArguments(call.arguments) });
    groups.set(call.name, group);
  }
  const labels = new Map<string, string>();
  for (const group of groups.values()) {
    const argument = keyArgument(group.map((member) => member.entries));
    if (argument === undefined) continue;
    const members: { key: string; value: Primitive }[] = [];
    for (const member of group) {
      const value = member.entries.find(([name]) => name === argument)?.[1];
      if (value !== undefined) members.push({ key: member.key, value });
    }
    const texts = members.every((member) => typeof member.value === 'string')
      ? withoutSharedWords(members.map((member) => String(member.value)))
      : members.map((member) => `${argument} ${String(member.value)}`);
    members.forEach((member, index) => labels.set(member.key, shorten(texts[index] ?? '')));
  }
  return labels;
}
