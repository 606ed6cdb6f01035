// Two kept runs side by side: which is A and which is B, and the words that tell them apart without
// opening either (scenario, when it ran, how it ended, the settings and tool versions that differ).
// Pure, so the Compare view and its tests read the same labels.
import type { StoredRunBody, StoredRunSummary, ToolVersionStamp } from './stored-run.ts';

export interface KeptRun {
  summary: StoredRunSummary;
  body: StoredRunBody;
}

export interface Difference {
  /** A setting in words ("concurrency", "attempts"), or a tool's name. */
  name: string;
  /** A's value, then B's, in words. */
  values: [string, string];
}

export interface ComparedRunLabel {
  /** "A · Parallel calls": unique even when both runs have the same title. */
  heading: string;
  /** What kind of run, when, and how it ended. */
  summaryLine: string;
  /** This run's side of every difference, and where a fork left its parent. */
  details: string[];
}

export interface KeptRunComparison {
  /** Both runs in a few words, for the view's heading. */
  title: string;
  /** What differs between them, or that nothing does. */
  notes: string[];
  labels: [ComparedRunLabel, ComparedRunLabel];
}

const letters = ['A', 'B'] as const;

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** When a kept run started, as the Runs list and Compare show it ("Dec 1, 05:20:11"). */
export function formatRunTime(epochMs: number): string {
  return timeFormat.format(epochMs);
}

/** The parent first when one run is a fork of the other; otherwise the older first (the baseline). */
export function comparisonOrder<Run extends { summary: StoredRunSummary }>(first: Run, second: Run): [Run, Run] {
  if (first.summary.parentRunId === second.summary.id) return [second, first];
  if (second.summary.parentRunId === first.summary.id) return [first, second];
  return first.summary.startedAt <= second.summary.startedAt ? [first, second] : [second, first];
}

const settingNames: Record<string, string> = {
  concurrency: 'concurrency',
  timeoutMs: 'timeout',
  'retry.maxAttempts': 'attempts',
  'retry.baseDelayMs': 'backoff base',
  'retry.maxDelayMs': 'backoff cap',
  'retry.factor': 'backoff factor',
  maxIterations: 'max model calls',
  speed: 'speed',
  fetchAllowlist: 'fetch allowlist',
  'provider.kind': 'provider',
  'provider.model': 'model',
  'provider.baseUrl': 'base URL',
  'provider.stream': 'streaming',
  'toolSelection.strategy': 'tool selection',
  'toolSelection.limit': 'tools offered',
  canaryRouting: 'canary routing',
  timeoutStrategy: 'timeout strategy',
  killGraceMs: 'kill grace',
  faultSeed: 'fault seed',
  variant: 'Compare variant',
};
/** Derived from the others: it would only repeat them. */
const ignoredSettings = new Set(['settingsText']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flatten(settings: Record<string, unknown>, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(settings)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) flatten(value, path, into);
    else if (!ignoredSettings.has(path)) into.set(path, value);
  }
  return into;
}

function settingText(path: string, value: unknown): string {
  if (value === undefined) return 'not set';
  if (value === null) return path === 'concurrency' ? 'unlimited' : 'none';
  if (typeof value === 'number' && path.endsWith('Ms')) return `${value} ms`;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value))
    return value.length > 0 ? value.map((item) => (isPlainObject(item) ? JSON.stringify(item) : String(item))).join(', ') : 'none';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Settings whose values differ, in the order the first run lists them; a setting only one run has counts. */
export function settingsDifferences(left: Record<string, unknown>, right: Record<string, unknown>): Difference[] {
  const leftValues = flatten(left);
  const rightValues = flatten(right);
  const paths = [...new Set([...leftValues.keys(), ...rightValues.keys()])];
  return paths
    .filter((path) => JSON.stringify(leftValues.get(path)) !== JSON.stringify(rightValues.get(path)))
    .map((path) => ({
      name: settingNames[path] ?? path,
      values: [settingText(path, leftValues.get(path)), settingText(path, rightValues.get(path))],
    }));
}

function stampText(stamp: ToolVersionStamp | undefined): string {
  if (!stamp) return 'not in this run';
  return stamp.version ? `${stamp.version} (code ${stamp.sourceHash})` : `code ${stamp.sourceHash}`;
}

/** Tools whose version or sources differ, or that only one run had; by name. */
export function toolVersionDifferences(left: readonly ToolVersionStamp[], right: readonly ToolVersionStamp[]): Difference[] {
  const names = [...new Set([...left, ...right].map((stamp) => stamp.name))].sort();
  return names.flatMap((name) => {
    const before = left.find((stamp) => stamp.name === name);
    const after = right.find((stamp) => stamp.name === name);
    if (before && after && before.version === after.version && before.sourceHash === after.sourceHash) return [];
    return [{ name, values: [stampText(before), stampText(after)] as [string, string] }];
  });
}

const kindWords: Record<StoredRunSummary['kind'], string> = {
  conversation: 'Conversation',
  scenario: 'Scenario',
  'test-call': 'Test call',
  'compare-variant': 'Compare variant',
};

const listed = (differences: readonly Difference[], side: 0 | 1) =>
  differences.map((difference) => `${difference.name} ${difference.values[side]}`).join(' · ');
/** "concurrency (A 4, B 1)": both sides in one place, so the heading alone tells the runs apart. */
const bothSides = (differences: readonly Difference[]) =>
  differences.map((difference) => `${difference.name} (A ${difference.values[0]}, B ${difference.values[1]})`).join('; ');

/** Labels for two kept runs, already in comparison order (A first). */
export function describeComparison(runs: readonly [KeptRun, KeptRun], formatTime: (epochMs: number) => string): KeptRunComparison {
  const [first, second] = runs;
  const kept = runs.map((run) => Object.keys(run.body.settings).length > 0);
  const settings = kept.every(Boolean) ? settingsDifferences(first.body.settings, second.body.settings) : [];
  const stamped = runs.map((run) => run.body.toolVersions.length > 0);
  // Only tools that ran in either run matter to the comparison (every enabled tool is stamped).
  const called = new Set(runs.flatMap((run) => run.summary.toolNames));
  const ran = (stamps: readonly ToolVersionStamp[]) => (called.size > 0 ? stamps.filter((stamp) => called.has(stamp.name)) : stamps);
  const versions = stamped.every(Boolean) ? toolVersionDifferences(ran(first.body.toolVersions), ran(second.body.toolVersions)) : [];
  const forkOfA = second.summary.parentRunId === first.summary.id;

  const summaryLine = ({ summary }: KeptRun) =>
    `${kindWords[summary.kind]} · ${formatTime(summary.startedAt)} · ${summary.status}: ${summary.outcome}`;
  const notes: string[] = [`A: ${summaryLine(first)}`, `B: ${summaryLine(second)}`];
  if (forkOfA)
    notes.push(
      `B is a fork of A${second.summary.forkedAt ? ` at the ${second.summary.forkedAt}` : ''}: its timeline holds only what ran after that point (the part before was replayed).`,
    );
  const notKept = (what: string, flags: boolean[]) =>
    `The ${what} of ${flags[0] ? 'B' : flags[1] ? 'A' : 'A and B'} were not kept (an older record): they cannot be compared.`;
  if (!kept.every(Boolean)) notes.push(notKept('settings', kept));
  else notes.push(settings.length > 0 ? `Settings that differ: ${bothSides(settings)}.` : 'Same run settings.');
  if (!stamped.every(Boolean)) notes.push(notKept('tool versions', stamped));
  else notes.push(versions.length > 0 ? `Tool versions that differ: ${bothSides(versions)}.` : 'Same tool versions.');

  const labelOf = (run: KeptRun, side: 0 | 1): ComparedRunLabel => {
    const { summary } = run;
    const details: string[] = [];
    if (summary.parentRunId) {
      const where = summary.forkedAt ? ` at the ${summary.forkedAt}` : '';
      details.push(side === 1 && forkOfA ? `Fork of A${where}` : `Fork of another run${where}`);
    }
    if (settings.length > 0) details.push(`Settings: ${listed(settings, side)}`);
    if (versions.length > 0) details.push(`Tools: ${versions.map((entry) => `${entry.name} ${entry.values[side]}`).join(' · ')}`);
    return {
      heading: `${letters[side]} · ${summary.title}`,
      summaryLine: summaryLine(run),
      details,
    };
  };
  return {
    title:
      first.summary.title === second.summary.title
        ? `two runs of ${first.summary.title}`
        : `${first.summary.title} and ${second.summary.title}`,
    notes,
    labels: [labelOf(first, 0), labelOf(second, 1)],
  };
}
