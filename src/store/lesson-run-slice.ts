// A lesson's setup as the store shows it: what the running scenario set up for its own run
// (session/lesson-setup.ts builds the run's workspace), mirrored so the Versions tab shows the run's versions
// and a Rollback during the run acts on them. It is never the person's workspace and never saved, so a
// reload mid-run cannot leave it applied. When the run ends it goes; a released version is worth keeping,
// and the person is offered to keep it ("Keep v2").
import type { StateCreator } from 'zustand/vanilla';
import type { ToolHealth } from '../core/index.ts';
import type { LessonSetup } from '../session/index.ts';
import type { RunSettings, ToolSource } from '../workspace/workspace-schema.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export interface LessonRun {
  /** The run it belongs to (RunHandle.id): a run that ends after a newer one began must not end the newer one's. */
  runId: number;
  scenarioName: string;
  changes: string[];
  /** The tools the setup changed, as the run has them; version steps taken during the run change these. */
  tools: ToolSource[];
  settings: RunSettings;
  /** Health as it was before the run: the run's own check saw the lesson's outages, not the person's tools. */
  healthBefore: Record<string, ToolHealth>;
}

/** Versions a lesson released for its last run, which the person may keep (until the next lesson run). */
export interface LessonOffer {
  scenarioName: string;
  tools: ToolSource[];
  /** The notice that offers it too: it goes once the offer is taken. */
  noticeId: number | null;
}

export interface LessonRunSlice {
  /** The setup of the run going on; null when no run has one. */
  lessonRun: LessonRun | null;
  lessonOffer: LessonOffer | null;
  beginLessonRun(runId: number, scenarioName: string, lesson: LessonSetup): void;
  /** The run ended: its setup goes, and a released version is offered to keep. */
  endLessonRun(runId: number): void;
  /** A version step taken during the run on a tool the lesson set up (the Versions tab). */
  updateLessonTool(tool: ToolSource): void;
  /** Makes the lesson's released versions of these tools the person's own, if the tools are as the lesson found them. */
  keepLessonVersions(tools: readonly ToolSource[]): void;
  /** The workspace the lesson ran beside is gone (an import, a share link, a reset): so is the offer, and its notice. */
  withdrawLessonOffer(): void;
}

/** The tools of a setup whose versions the lesson released: the part worth keeping. */
function released(lesson: LessonRun, workspaceTools: readonly ToolSource[]): ToolSource[] {
  return lesson.tools.filter((tool) => {
    const theirs = workspaceTools.find((candidate) => candidate.id === tool.id);
    return (tool.versions?.length ?? 0) > (theirs?.versions?.length ?? 0);
  });
}

export const createLessonRunSlice = (): StateCreator<AppState, AppMiddlewares, [], LessonRunSlice> => (set, get) => {
  // The notices of the last lesson run: the next lesson's replace them, and a run's end replaces its start's,
  // so lessons run one after another leave one notice, not a growing stack above the panels.
  let lessonNotices: number[] = [];
  const replaceLessonNotices = (next: number[]) => {
    for (const id of lessonNotices) if (!next.includes(id)) get().dismissNotice(id);
    lessonNotices = next;
  };
  return {
    lessonRun: null,
    lessonOffer: null,

    beginLessonRun(runId, scenarioName, lesson) {
      if (lesson.changes.length === 0) return;
      // The last lesson's offer ends here (its notice with it), as its other notices do.
      get().withdrawLessonOffer();
      set(
        {
          lessonRun: {
            runId,
            scenarioName,
            changes: lesson.changes,
            tools: lesson.tools,
            settings: lesson.settings,
            healthBefore: get().health,
          },
          lessonOffer: null,
        },
        undefined,
        'lessonRun/begin',
      );
      const noticeId = get().notify({
        level: 'info',
        message: `For this run only, the lesson sets up: ${lesson.changes.join('; ')}. Your workspace stays as it is.`,
      });
      replaceLessonNotices([noticeId]);
    },

    endLessonRun(runId) {
      const lesson = get().lessonRun;
      if (!lesson || lesson.runId !== runId) return;
      const keepable = released(lesson, get().workspace.tools);
      set({ lessonRun: null, health: lesson.healthBefore }, undefined, 'lessonRun/end');
      const [only] = keepable;
      const label = keepable.length === 1 && only ? `Keep ${only.version ?? 'it'}` : 'Keep its versions';
      const noticeId = get().notify({
        level: 'info',
        message: `The lesson's setup ended with its run: none of it stays in your workspace.${keepable.length > 0 ? ` ${keepable.map((tool) => `${tool.name} ${tool.version ?? ''}`.trim()).join(', ')} can stay, if you want to try it yourself.` : ''}`,
        ...(keepable.length > 0 ? { action: { label, run: () => get().keepLessonVersions(keepable) } } : {}),
      });
      replaceLessonNotices([noticeId]);
      if (keepable.length > 0)
        set({ lessonOffer: { scenarioName: lesson.scenarioName, tools: keepable, noticeId } }, undefined, 'lessonRun/offer');
    },

    updateLessonTool(tool) {
      set(
        (state) =>
          state.lessonRun
            ? {
                lessonRun: {
                  ...state.lessonRun,
                  tools: state.lessonRun.tools.map((candidate) => (candidate.id === tool.id ? tool : candidate)),
                },
              }
            : {},
        undefined,
        'lessonRun/updateTool',
      );
    },

    withdrawLessonOffer() {
      const noticeId = get().lessonOffer?.noticeId;
      if (noticeId != null) get().dismissNotice(noticeId);
      if (get().lessonOffer) set({ lessonOffer: null }, undefined, 'lessonRun/withdrawOffer');
    },

    keepLessonVersions(tools) {
      const kept: string[] = [];
      const workspaceTools = get().workspace.tools.map((theirs) => {
        const lessons = tools.find((tool) => tool.id === theirs.id);
        const frozen = lessons?.versions?.at(-1);
        if (!lessons || !frozen) return theirs;
        // The lesson froze the person's sources as they were; edited since (or given versions), they win.
        const unchanged =
          (theirs.versions?.length ?? 0) === 0 && theirs.schemaSource === frozen.schemaSource && theirs.codeSource === frozen.codeSource;
        if (!unchanged) {
          get().notify({
            level: 'warning',
            message: `${theirs.name} changed since the lesson ran, so its ${lessons.version ?? 'version'} was not kept.`,
          });
          return theirs;
        }
        kept.push(`${theirs.name} ${lessons.version ?? ''}`.trim());
        const { version, versions, traffic, schemaSource, codeSource } = lessons;
        return { ...theirs, version, versions, traffic, schemaSource, codeSource };
      });
      if (kept.length === 0) return;
      const noticeId = get().lessonOffer?.noticeId;
      if (noticeId != null) get().dismissNotice(noticeId);
      set((state) => ({ workspace: { ...state.workspace, tools: workspaceTools }, lessonOffer: null }), undefined, 'lessonRun/keep');
      get().notify({ level: 'info', message: `Kept ${kept.join(', ')} in your workspace: its Versions tab steers it from now on.` });
    },
  };
};
