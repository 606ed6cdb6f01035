import { useCallback, useLayoutEffect, useRef } from 'react';
import type { TimelineTab } from '../../../store/ui-slice.ts';
import { useShallow } from 'zustand/react/shallow';
import { createRunFile, liveTimeline, parseRunFile, serializeRunFile, toChromeTrace } from '../../../trace/index.ts';
import { compileProgress } from '../../../store/compile-progress.ts';
import { Tabs } from '../../elements/Tabs.tsx';
import { CallsTable } from './CallsTable.tsx';
import { downloadFile } from '../../elements/download-file.ts';
import { PaneToggles, type TimelinePanes } from './PaneToggles.tsx';
import { RunActions } from './RunActions.tsx';
import { TimelineChart } from './TimelineChart.tsx';
import { InspectorContainer } from '../inspector/InspectorContainer.tsx';
import { MetricsContainer } from '../metrics/MetricsContainer.tsx';
import { RunsContainer } from '../runs/RunsContainer.tsx';
import { TestsContainer } from '../tests/TestsContainer.tsx';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';
import { useTimelineBenchHook } from './use-timeline-bench-hook.ts';
import { CompareContainer } from '../compare/CompareContainer.tsx';
import { useLiveTimeline } from './use-live-timeline.ts';

// The benchmark hook is built into test builds only (`vite build --mode e2e`); the product drops it.
const useBenchHook: typeof useTimelineBenchHook = import.meta.env.MODE === 'e2e' ? useTimelineBenchHook : () => undefined;

const tabs: { key: TimelineTab; label: string }[] = [
  { key: 'timeline', label: 'Timeline' },
  { key: 'metrics', label: 'Metrics' },
  { key: 'compare', label: 'Compare' },
  { key: 'runs', label: 'Runs' },
  { key: 'tests', label: 'Tests' },
];

interface TimelineContainerProps {
  /** Presenter mode: text and bars at twice the size, the table and inspector folded away until asked for. */
  presenting?: boolean;
}

/** The Timeline panel: the live Gantt chart with its Calls table and inspector, metrics, and Compare. */
export function TimelineContainer({ presenting = false }: TimelineContainerProps) {
  const store = useAppStoreApi();
  const live = useLiveTimeline();
  const { run, model } = live;
  // In the store, so the tour can check a view was opened and its finish screen can open Compare or Runs.
  const tab = useAppStore((state) => state.timelineTab);
  const setTab = (next: TimelineTab) => store.getState().setTimelineTab(next);
  const mode = presenting ? 'presenter' : 'workbench';
  const panes = useAppStore((state) => state.timelinePanes[mode]);
  const setPanes = (next: TimelinePanes) => store.getState().setTimelinePanes(mode, next);
  const runId = run?.id ?? null;
  const selection = useAppStore((state) => state.selectedCall);
  // A selection belongs to its run: a new run starts with none. A chip in the conversation selects by
  // tool call id; the latest call with that id is the one this run shows.
  const selectedKey =
    selection === null || selection.runId !== runId
      ? null
      : (selection.key ?? model.calls.findLast((call) => call.toolCallId === selection.toolCallId)?.key ?? null);
  // Stable, so the Calls table's memoized rows stay memoized; it reads the calls on show when it is called.
  const shownCalls = useRef(model.calls);
  useLayoutEffect(() => {
    shownCalls.current = model.calls;
  });
  const select = useCallback(
    (key: string | null) =>
      store
        .getState()
        .selectCall(key === null ? null : { key, toolCallId: shownCalls.current.find((call) => call.key === key)?.toolCallId ?? null }),
    [store],
  );
  const onFrameDrawn = useBenchHook(store);
  // A lesson's setup the run waits for (its Python tool loading): seconds in which Stop still works.
  const preparing = useAppStore((state) => (state.conversation.running ? (state.conversation.preparing ?? null) : null));
  const waitingFor = useAppStore(
    useShallow((state) => {
      const running = state.conversation.running || Object.values(state.testCalls).some((call) => call.running);
      const progress = running
        ? compileProgress(
            state.workspace.tools.filter((tool) => tool.enabled),
            state.compilations,
          )
        : null;
      return { compiled: progress?.compiled ?? 0, total: progress?.total ?? 0 };
    }),
  );

  // The whole run, even in the middle of a replay.
  const exportTrace = () =>
    run &&
    downloadFile(
      `toolscope-run-${run.id}.trace.json`,
      JSON.stringify(toChromeTrace(liveTimeline(run.events), { runKind: run.kind })),
      'application/json',
    );
  const exportRun = () => {
    if (!run) return;
    const file = createRunFile({
      kind: run.kind,
      events: run.events,
      messages: run.kind === 'agent' ? store.getState().conversation.messages : [],
      concurrencyLimit: live.concurrencyLimit,
    });
    downloadFile(`toolscope-run-${run.id}.run.json`, serializeRunFile(file), 'application/json');
  };
  const loadRun = (text: string, fileName: string) => {
    const parsed = parseRunFile(text);
    const { notify, loadRunFile } = store.getState();
    if (!parsed.ok) notify({ level: 'error', message: `${fileName} could not be loaded: ${parsed.problems.join('; ')}` });
    else if (!loadRunFile(parsed.run, fileName))
      notify({ level: 'warning', message: 'Stop the run first: a run that is going would overwrite the loaded one.' });
  };

  return (
    <div className="timeline-view">
      <Tabs<TimelineTab> label="Timeline views" tabs={tabs} active={tab} onChange={setTab}>
        {tab === 'timeline' && (
          <TimelineChart
            // A new run starts with the whole run in view, whatever the last one was zoomed to.
            key={runId ?? 'none'}
            model={model}
            selectedKey={selectedKey}
            onSelect={select}
            now={live.now}
            concurrencyLimit={live.concurrencyLimit}
            onFrameDrawn={onFrameDrawn}
            scale={presenting ? 2 : 1}
            status={waitingFor.total > 0 ? `Waiting for tools to compile (${waitingFor.compiled}/${waitingFor.total})…` : preparing}
            actions={
              <>
                <PaneToggles panes={panes} onChange={setPanes} />
                <RunActions
                  hasRun={run !== null && run.events.length > 0}
                  running={live.running}
                  replaying={live.replaying}
                  replaySpeed={live.replaySpeed}
                  onReplaySpeedChange={live.setReplaySpeed}
                  onReplay={live.startReplay}
                  onStopReplay={live.stopReplay}
                  onExportTrace={exportTrace}
                  onExportRun={exportRun}
                  onLoadRun={loadRun}
                />
              </>
            }
            aside={
              <>
                {panes.table && (
                  <CallsTable
                    key={runId ?? 'none'}
                    calls={model.calls}
                    origin={model.start}
                    now={live.now}
                    selectedKey={selectedKey}
                    onSelect={select}
                  />
                )}
                {panes.inspector && selectedKey !== null && (
                  <InspectorContainer model={model} selectedKey={selectedKey} onClose={() => select(null)} />
                )}
              </>
            }
          />
        )}
        {tab === 'metrics' && <MetricsContainer model={model} runId={runId} />}
        {tab === 'compare' && <CompareContainer />}
        {tab === 'runs' && <RunsContainer onOpened={() => setTab('timeline')} onCompared={() => setTab('compare')} />}
        {tab === 'tests' && <TestsContainer onShowStep={() => setTab('timeline')} />}
      </Tabs>
    </div>
  );
}
