import { useMemo, useState } from 'react';
import { branchRows, filterRuns, formatRunTime, keptPicks, pickedPair, togglePick, type RunFilter } from '../../../history/index.ts';
import { serializeRunFile } from '../../../trace/index.ts';
import { RunsView } from './RunsView.tsx';
import { downloadFile } from '../../elements/download-file.ts';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';

interface RunsContainerProps {
  /** Called once a kept run is on show, so the Timeline tab can come forward. */
  onOpened(): void;
  /** Called once two kept runs are in Compare, so its tab can come forward. */
  onCompared(): void;
}

/** The Runs tab: reads the kept runs from the store; opens, compares, exports and deletes them. */
export function RunsContainer({ onOpened, onCompared }: RunsContainerProps) {
  const store = useAppStoreApi();
  const storedRuns = useAppStore((state) => state.storedRuns);
  const openedId = useAppStore((state) => state.openedStoredRunId);
  const [filter, setFilter] = useState<RunFilter>({});
  const [ticked, setTicked] = useState<string[]>([]);
  // "now" for the period choices: fixed while the tab is open, so a chosen period keeps showing as chosen.
  const [now] = useState(() => Date.now());
  const rows = useMemo(() => branchRows(filterRuns(storedRuns.items, filter)), [storedRuns.items, filter]);
  const toolNames = useMemo(() => [...new Set(storedRuns.items.flatMap((run) => run.toolNames))].sort(), [storedRuns.items]);
  // A run deleted since it was ticked is no longer picked.
  const picked = useMemo(() => keptPicks(ticked, storedRuns.items), [ticked, storedRuns.items]);

  const open = async (id: string) => {
    if (await store.getState().openStoredRun(id)) onOpened();
  };
  const compare = async (ids: readonly [string, string]) => {
    if (await store.getState().compareStoredRuns(ids)) onCompared();
  };
  const exportRun = async (id: string) => {
    const file = await store.getState().storedRunFile(id);
    if (file) downloadFile(`toolscope-run-${id.slice(0, 8)}.run.json`, serializeRunFile(file), 'application/json');
  };
  return (
    <RunsView
      status={storedRuns.status}
      problem={storedRuns.problem}
      damaged={storedRuns.damaged}
      total={storedRuns.items.length}
      rows={rows}
      toolNames={toolNames}
      filter={filter}
      now={now}
      openedId={openedId}
      picked={picked}
      formatTime={formatRunTime}
      onFilterChange={setFilter}
      onTogglePick={(id) => setTicked((current) => togglePick(keptPicks(current, storedRuns.items), id))}
      onClearPicks={() => setTicked([])}
      onCompare={() => {
        const pair = pickedPair(picked, storedRuns.items);
        if (pair) void compare(pair);
      }}
      onCompareWithParent={(id) => {
        const parentId = storedRuns.items.find((run) => run.id === id)?.parentRunId;
        if (parentId) void compare([parentId, id]);
      }}
      onOpen={(id) => void open(id)}
      onExport={(id) => void exportRun(id)}
      onDelete={(id) => void store.getState().deleteStoredRun(id)}
      onRemoveDamaged={() => void store.getState().removeDamagedRuns()}
    />
  );
}
