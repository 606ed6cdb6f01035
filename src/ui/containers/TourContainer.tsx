import { useEffect, useMemo } from 'react';
import { tourChapters } from '../../tour/index.ts';
import { tourViewOf } from '../../store/tour-view.ts';
import { TourPanel } from '../tour/TourPanel.tsx';
import { useAppStore, useAppStoreApi } from './store-context.tsx';
import { useTourHighlight } from './use-tour-highlight.ts';

/** The header's Tour button and, when open, the tour card that watches the store for each try-it step. */
export function TourContainer() {
  const store = useAppStoreApi();
  const tour = useAppStore((state) => state.tour);
  // Stable references only: the view is derived below (a selector returning a new object would loop React).
  const editorTab = useAppStore((state) => state.editorTab);
  const run = useAppStore((state) => state.run);
  const conversation = useAppStore((state) => state.conversation);
  const testCalls = useAppStore((state) => state.testCalls);
  const workspace = useAppStore((state) => state.workspace);
  const selectedScenarioId = useAppStore((state) => state.selectedScenarioId);
  const comparison = useAppStore((state) => state.comparison);
  const view = useMemo(
    () => tourViewOf({ editorTab, run, conversation, testCalls, workspace, selectedScenarioId, comparison }),
    [editorTab, run, conversation, testCalls, workspace, selectedScenarioId, comparison],
  );

  const chapterIndex = Math.min(tour.chapterIndex, tourChapters.length - 1);
  const chapter = tourChapters[chapterIndex];
  const checkPassed = chapter ? chapter.tryIt.check(view) : false;
  const automatic = chapter !== undefined && chapter.tryIt.confirmLabel === undefined;

  useEffect(() => {
    // The tour, not the user, decides a chapter is done: only while it is open and showing that chapter.
    if (tour.open && automatic && checkPassed && chapter) store.getState().markChapterDone(chapter.id);
  }, [tour.open, automatic, checkPassed, chapter, store]);

  useTourHighlight(tour.open ? (chapter?.target ?? null) : null);

  const loadScenario = () => {
    const scenario = workspace.scenarios.find((candidate) => candidate.name === chapter?.scenarioName);
    if (scenario) store.getState().selectScenario(scenario.id);
    else
      store.getState().notify({ level: 'warning', message: `The scenario "${chapter?.scenarioName}" is not in this workspace any more.` });
  };

  return (
    <>
      <button
        type="button"
        aria-pressed={tour.open}
        // Until a chapter is done, the tour is the way in a newcomer should see first.
        className={tour.completed.length === 0 && !tour.open ? 'tour-newcomer' : undefined}
        title="Ten short chapters, each with something to try"
        onClick={() => (tour.open ? store.getState().closeTour() : store.getState().openTour())}
      >
        Tour
      </button>
      {tour.open && (
        <TourPanel
          chapters={tourChapters}
          chapterIndex={chapterIndex}
          completed={tour.completed}
          checkPassed={checkPassed}
          onLoadScenario={loadScenario}
          onConfirm={() => chapter && checkPassed && store.getState().markChapterDone(chapter.id)}
          onGoTo={(index) => store.getState().goToChapter(Math.min(index, tourChapters.length - 1))}
          onClose={() => store.getState().closeTour()}
        />
      )}
    </>
  );
}
