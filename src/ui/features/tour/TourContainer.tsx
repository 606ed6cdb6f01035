import { useEffect, useMemo } from 'react';
import { sinceChapterStart, tourChapters, type TourChapter } from '../../../tour/index.ts';
import { tourViewOf } from '../../../store/build-tour-view.ts';
import { describeSamples, sampleCount, samplesForScenario } from '../../../workspace/index.ts';
import { TourFinish, type TourNextStep } from './TourFinish.tsx';
import { TourPanel } from './TourPanel.tsx';
import { useAppStore, useAppStoreApi } from '../../store-context.tsx';
import { cardRoomSelector, findAction, tourRegionSelector } from './tour-regions.ts';
import type { CardSurroundings } from './use-tour-card-placement.ts';
import { useTourHighlight } from './use-tour-highlight.ts';

/** The header's Tour button. */
export function TourButton() {
  const store = useAppStoreApi();
  const tour = useAppStore((state) => state.tour);
  return (
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
  );
}

/**
 * The tour card while the tour is open, watching the store for each try-it step: floating over the
 * workbench, or docked in presenter mode's side column (the workbench regions it points at are hidden
 * there, and a class reads it at presenter size).
 */
export function TourCardContainer({ docked = false }: { docked?: boolean }) {
  const store = useAppStoreApi();
  const tour = useAppStore((state) => state.tour);
  // One past the last chapter is the finish screen.
  const chapterIndex = Math.min(tour.chapterIndex, tourChapters.length);
  const chapter = tourChapters[chapterIndex];

  useTourHighlight(tour.open && !docked ? (chapter?.target ?? null) : null);
  const surroundings = useMemo((): CardSurroundings | null => {
    if (!chapter) return null;
    const regions = [chapter.target, ...(chapter.watch ?? [])].map(tourRegionSelector);
    return {
      target: tourRegionSelector(chapter.target),
      room: chapter.cardRoom.map(cardRoomSelector),
      avoid: () => [
        ...regions.flatMap((selector) => [...document.querySelectorAll(selector)]),
        ...chapter.actions.flatMap((action) => findAction(action) ?? []),
      ],
    };
  }, [chapter]);

  const loadScenario = () => {
    const name = chapter?.scenarioName;
    if (!name) return;
    // A workspace saved before this chapter's sample existed gets it (and the tools it calls) on the spot.
    const missing = samplesForScenario(store.getState().workspace, name);
    if (sampleCount(missing) > 0) {
      store.getState().addSamples(missing);
      store.getState().notify({ level: 'info', message: `Added ${describeSamples(missing)} to this workspace for this chapter.` });
    }
    const scenario = store.getState().workspace.scenarios.find((candidate) => candidate.name === name);
    if (scenario) store.getState().selectScenario(scenario.id);
    else store.getState().notify({ level: 'warning', message: `The scenario "${name}" is not in this workspace any more.` });
  };
  const goTo = (index: number) => store.getState().goToChapter(Math.min(index, tourChapters.length));
  const close = () => store.getState().closeTour();
  const nextStep = (step: TourNextStep) => {
    close();
    const state = store.getState();
    if (step === 'build-tool') state.setCreatingTool(true);
    else if (step === 'compare' || step === 'runs') state.setTimelineTab(step);
    // The provider menu lives in the Conversation panel, which has no store state for focus.
    else document.querySelector<HTMLElement>('select[aria-label="Model provider"]')?.focus();
  };

  return (
    <>
      {tour.open && chapter && <ChapterCheck chapter={chapter} />}
      {tour.open && chapter && (
        <TourPanel
          chapters={tourChapters}
          chapterIndex={chapterIndex}
          completed={tour.completed}
          surroundings={surroundings as CardSurroundings}
          docked={docked}
          onLoadScenario={loadScenario}
          onGoTo={goTo}
          onClose={close}
        />
      )}
      {tour.open && !chapter && (
        <TourFinish
          chapters={tourChapters}
          completed={tour.completed}
          onGoTo={goTo}
          onNextStep={nextStep}
          onClose={close}
          docked={docked}
        />
      )}
    </>
  );
}

/**
 * Watches the store for the open chapter's try-it step. Mounted only while the tour is open: the view
 * it checks is derived from the run, and a closed tour must cost a run nothing (issue 30).
 */
function ChapterCheck({ chapter }: { chapter: TourChapter }) {
  const store = useAppStoreApi();
  const chapterStart = useAppStore((state) => state.tour.chapterStart);
  // Stable references only: the view is derived below (a selector returning a new object would loop React).
  const editorTab = useAppStore((state) => state.editorTab);
  const timelineTab = useAppStore((state) => state.timelineTab);
  const viewOpenings = useAppStore((state) => state.viewOpenings);
  const run = useAppStore((state) => state.run);
  const conversation = useAppStore((state) => state.conversation);
  const testCalls = useAppStore((state) => state.testCalls);
  const workspace = useAppStore((state) => state.workspace);
  const selectedScenarioId = useAppStore((state) => state.selectedScenarioId);
  const comparison = useAppStore((state) => state.comparison);
  const view = useMemo(
    () =>
      sinceChapterStart(
        tourViewOf({ editorTab, timelineTab, viewOpenings, run, conversation, testCalls, workspace, selectedScenarioId, comparison }),
        chapterStart,
      ),
    [editorTab, timelineTab, viewOpenings, run, conversation, testCalls, workspace, selectedScenarioId, comparison, chapterStart],
  );
  const checkPassed = chapter.tryIt.check(view);
  useEffect(() => {
    // The tour, not the user, decides a chapter is done: only while it is open and showing that chapter.
    if (checkPassed) store.getState().markChapterDone(chapter.id);
  }, [checkPassed, chapter, store]);
  return null;
}
