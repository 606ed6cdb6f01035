// Which two kept runs the Runs list compares: a person ticks runs, and the last two ticked are the pair.
// Pure, so the list's checkboxes and its Compare button agree, and a deleted run drops out of the pair.
import type { StoredRunSummary } from './stored-run.ts';

/** Ticks or unticks a run; a third tick lets the earliest one go, so at most two stay picked. */
export function togglePick(picked: readonly string[], id: string): string[] {
  if (picked.includes(id)) return picked.filter((candidate) => candidate !== id);
  return [...picked, id].slice(-2);
}

/** The picks still kept (a run deleted since it was ticked is no longer one). */
export function keptPicks(picked: readonly string[], runs: readonly StoredRunSummary[]): string[] {
  return picked.filter((id) => runs.some((run) => run.id === id));
}

/** The two runs to compare, or null until two are picked. */
export function pickedPair(picked: readonly string[], runs: readonly StoredRunSummary[]): [string, string] | null {
  const kept = keptPicks(picked, runs);
  const [first, second] = kept;
  return kept.length === 2 && first && second ? [first, second] : null;
}
