// A short "key argument" per call, so ten rows of the same tool read `slow_report · Nordics`,
// `slow_report · Benelux`… instead of ten identical names. Pure: calls in, labels out.
//
// A loaded run may hold 100,000 calls and shows thirty: the statistics that choose each tool's argument
// and the words all its texts share are gathered in one pass that makes no object per call, and a
// label is worded only when a row asks for it (ADR 0022). eager-call-labels.test-support.ts is the
// plain version it must equal.
import type { CallRow } from './timeline-types.ts';

type Primitive = string | number | boolean;
type LabelledCall = Pick<CallRow, 'key' | 'name' | 'arguments'>;

/** Longest argument text shown beside a name; a row label has little room. */
export const maximumArgumentLabelLength = 28;

/** Call key -> its key argument as short text; what `callArgumentLabels` gives. */
export interface ArgumentLabels {
  get(key: string): string | undefined;
  has(key: string): boolean;
}

interface ArgumentStatistics {
  /** Its distinct values, counted only where the tool has another argument it could lose to. */
  values: Set<Primitive>;
  /** Every value of it is text. */
  text: boolean;
}

/** What one tool's labels are worded from: its key argument and the words every text of it shares. */
interface ToolStatistics {
  arguments: Map<string, ArgumentStatistics>;
  argument?: string;
  /** Of the calls that have the argument: the first text, how many, whether all equal, fewest words. */
  first?: string;
  members: number;
  allEqual: boolean;
  shortest: number;
  /** Leading and trailing words every text shares with the first. */
  sharedHead: number;
  sharedTail: number;
}

const space = 32;

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The argument's value when it is the object's own and simple (an inherited `constructor` is not an argument). */
function ownPrimitive(parsed: Record<string, unknown> | undefined, name: string): Primitive | undefined {
  if (!parsed || !Object.hasOwn(parsed, name)) return undefined;
  const value = parsed[name];
  return isPrimitive(value) ? value : undefined;
}

/** The arguments as an object (parsed when the model sent JSON text), or undefined. */
function argumentObject(value: unknown): Record<string, unknown> | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  return parsed as Record<string, unknown>;
}

/** How many words `text.split(' ')` of the two share from the start, counted without splitting. */
function sharedLeadingWords(first: string, other: string): number {
  const length = Math.min(first.length, other.length);
  let position = 0;
  let words = 0;
  for (; position < length && first.charCodeAt(position) === other.charCodeAt(position); position++)
    if (first.charCodeAt(position) === space) words++;
  const firstEnds = position === first.length || first.charCodeAt(position) === space;
  const otherEnds = position === other.length || other.charCodeAt(position) === space;
  return firstEnds && otherEnds ? words + 1 : words;
}

/** The same from the end. */
function sharedTrailingWords(first: string, other: string): number {
  const length = Math.min(first.length, other.length);
  let back = 0;
  let words = 0;
  for (; back < length && first.charCodeAt(first.length - 1 - back) === other.charCodeAt(other.length - 1 - back); back++)
    if (first.charCodeAt(first.length - 1 - back) === space) words++;
  const firstEnds = back === first.length || first.charCodeAt(first.length - 1 - back) === space;
  const otherEnds = back === other.length || other.charCodeAt(other.length - 1 - back) === space;
  return firstEnds && otherEnds ? words + 1 : words;
}

function wordCount(text: string): number {
  let words = 1;
  for (let position = 0; position < text.length; position++) if (text.charCodeAt(position) === space) words++;
  return words;
}

function newTool(): ToolStatistics {
  return { arguments: new Map(), members: 0, allEqual: true, shortest: Infinity, sharedHead: 0, sharedTail: 0 };
}

/** The argument that tells the calls of one tool apart: the one with the most distinct values, strings first. */
function keyArgument(tool: ToolStatistics): string | undefined {
  // A tool's only argument wins whatever its count: its values are not counted (countValues).
  if (tool.arguments.size === 1) return tool.arguments.keys().next().value;
  let best: string | undefined;
  let bestScore = -1;
  for (const [name, { values, text }] of tool.arguments) {
    // Map order is first-seen order, so on a tie the argument the model wrote first wins.
    const score = values.size * 2 + (text ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [name, score];
  }
  return best;
}

/** Adds one text of the tool's key argument to what its texts share. */
function countText(tool: ToolStatistics, text: string): void {
  tool.members++;
  tool.shortest = Math.min(tool.shortest, wordCount(text));
  if (tool.first === undefined) {
    tool.first = text;
    tool.sharedHead = tool.sharedTail = Infinity;
    return;
  }
  if (text === tool.first) return;
  tool.allEqual = false;
  tool.sharedHead = Math.min(tool.sharedHead, sharedLeadingWords(tool.first, text));
  tool.sharedTail = Math.min(tool.sharedTail, sharedTrailingWords(tool.first, text));
}

function shorten(text: string): string {
  return text.length <= maximumArgumentLabelLength ? text : `${text.slice(0, maximumArgumentLabelLength - 1)}…`;
}

class LazyArgumentLabels implements ArgumentLabels {
  private readonly worded = new Map<string, string | undefined>();

  constructor(
    private readonly callsByKey: ReadonlyMap<string, LabelledCall>,
    private readonly tools: ReadonlyMap<string, ToolStatistics>,
  ) {}

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  get(key: string): string | undefined {
    if (this.worded.has(key)) return this.worded.get(key);
    const label = this.word(key);
    this.worded.set(key, label);
    return label;
  }

  private word(key: string): string | undefined {
    const call = this.callsByKey.get(key);
    const tool = call && this.tools.get(call.name);
    if (!call || tool?.argument === undefined) return undefined;
    const value = ownPrimitive(argumentObject(call.arguments), tool.argument);
    if (value === undefined) return undefined;
    if (!(tool.arguments.get(tool.argument) as ArgumentStatistics).text) return shorten(`${tool.argument} ${String(value)}`);
    const text = String(value);
    if (tool.members < 2 || tool.allEqual) return shorten(text);
    // Words every text starts (or ends) with, dropped when what is left still differs: "Q3 sales in Nordics" -> "Nordics".
    const head = Math.min(tool.sharedHead, tool.shortest - 1);
    const tail = Math.min(tool.sharedTail, tool.shortest - head - 1);
    const words = text.split(' ');
    return shorten(words.slice(head, words.length - tail).join(' '));
  }
}

/**
 * Call key -> its key argument as short text (no tool name). Calls with no simple argument get none.
 * Texts shared by every call of a tool are trimmed to the part that differs.
 */
export function callArgumentLabels(calls: readonly LabelledCall[]): ArgumentLabels {
  const tools = new Map<string, ToolStatistics>();
  const callsByKey = new Map<string, LabelledCall>();
  // JSON text is parsed once here, kept for the second pass (objects are read again as they are).
  const parsedText = new Map<LabelledCall, Record<string, unknown> | undefined>();
  for (const call of calls) {
    callsByKey.set(call.key, call);
    let tool = tools.get(call.name);
    if (!tool) {
      tool = newTool();
      tools.set(call.name, tool);
    }
    const parsed = argumentObject(call.arguments);
    if (typeof call.arguments === 'string') parsedText.set(call, parsed);
    if (!parsed) continue;
    for (const name in parsed) {
      if (!Object.hasOwn(parsed, name)) continue;
      const value = parsed[name];
      if (!isPrimitive(value)) continue;
      let argument = tool.arguments.get(name);
      if (!argument) {
        argument = { values: new Set(), text: true };
        tool.arguments.set(name, argument);
      }
      argument.text &&= typeof value === 'string';
    }
  }
  countValues(calls, tools, parsedText);
  for (const tool of tools.values()) tool.argument = keyArgument(tool);
  // The words every text of a tool's argument shares: a second pass, once the argument is known.
  for (const call of calls) {
    const tool = tools.get(call.name) as ToolStatistics;
    if (tool.argument === undefined || !(tool.arguments.get(tool.argument) as ArgumentStatistics).text) continue;
    const parsed = typeof call.arguments === 'string' ? parsedText.get(call) : argumentObject(call.arguments);
    const value = ownPrimitive(parsed, tool.argument);
    if (typeof value === 'string') countText(tool, value);
  }
  return new LazyArgumentLabels(callsByKey, tools);
}

/**
 * The distinct values of each argument of the tools that have more than one: the count that chooses
 * between them. Most tools have one argument (a loaded run's 100,000 calls of five tools, say), and then
 * nothing is counted: the set of 100,000 texts was most of the labels' cost.
 */
function countValues(
  calls: readonly LabelledCall[],
  tools: ReadonlyMap<string, ToolStatistics>,
  parsedText: ReadonlyMap<LabelledCall, Record<string, unknown> | undefined>,
): void {
  const counted = new Set<ToolStatistics>();
  for (const tool of tools.values()) if (tool.arguments.size > 1) counted.add(tool);
  if (counted.size === 0) return;
  for (const call of calls) {
    const tool = tools.get(call.name) as ToolStatistics;
    if (!counted.has(tool)) continue;
    const parsed = typeof call.arguments === 'string' ? parsedText.get(call) : argumentObject(call.arguments);
    if (!parsed) continue;
    for (const name in parsed) {
      const value = ownPrimitive(parsed, name);
      if (value !== undefined) (tool.arguments.get(name) as ArgumentStatistics).values.add(value);
    }
  }
}
