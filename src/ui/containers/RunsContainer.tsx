import { useMemo, useState } from 'react';
import { filterRuns, type RunFilter } from '../../history/index.ts';
import { serializeRunFile } from '../../trace/index.ts';
import { RunsView } from '../runs/RunsView.tsx';
import { downloadFile } from '../timeline/download-file.ts';
import { useAppStore, useAppStoreApi } from './store-context.tsx';

interface RunsContainerProps {
  /** Called once a kept run is on show, so the Timeline tab can come forward. */
  onOpened(): void;
}

/** The Runs tab: reads the kept runs from the store and opens, exports and deletes them. */
export function RunsContainer({ onOpened }: RunsContainerProps) {
  const store = useAppStoreApi();
  const storedRuns = useAppStore((state) => state.storedRuns);
  const openedId = useAppStore((state) => state.openedStoredRunId);
  const [filter, setFilter] = useState<RunFilter>({});
  // "now" for the period choices: fixed while the tab is open, so a chosen period keeps showing as chosen.
  const [now] = useState(() => Date.now());
  const runs = useMemo(() => filterRuns(storedRuns.items, filter), [storedRuns.items, filter]);
  const toolNames = useMemo(() => [...new Set(storedRuns.items.flatMap((run) => run.toolNames))].sort(), [storedRuns.items]);

  const open = async (id: string) => {
    if (await store.getState().openStoredRun(id)) onOpened();
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
      runs={runs}
      toolNames={toolNames}
      filter={filter}
      now={now}
      openedId={openedId}
      onFilterChange={setFilter}
      onOpen={(id) => void open(id)}
      onExport={(id) => void exportRun(id)}
      onDelete={(id) => void store.getState().deleteStoredRun(id)}
      onRemoveDamaged={() => void store.getState().removeDamagedRuns()}
    />
  );
}
