// Public surface of the run history. Other layers import from here, never from inner files.
export { RunHistory, defaultHistoryName, type AddResult, type ListResult, type LoadResult, type RunHistoryOptions } from './run-history.ts';
export {
  sourceHash,
  storedRunKinds,
  storedRunStatuses,
  type NewStoredRun,
  type StoredRunBody,
  type StoredRunKind,
  type StoredRunStatus,
  type StoredRunSummary,
  type ToolVersionStamp,
} from './stored-run.ts';
export { filterRuns, type RunFilter } from './run-filter.ts';
export { branchRows, type BranchRow } from './run-branches.ts';
export { keptPicks, pickedPair, togglePick } from './compare-picks.ts';
export {
  comparisonOrder,
  describeComparison,
  formatRunTime,
  settingsDifferences,
  toolVersionDifferences,
  type ComparedRunLabel,
  type Difference,
  type KeptRun,
  type KeptRunComparison,
} from './run-comparison.ts';
