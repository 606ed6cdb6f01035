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
