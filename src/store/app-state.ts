import type { Mutate, StoreApi } from 'zustand/vanilla';
import type { CompareSlice } from './compare-slice.ts';
import type { CompilationSlice } from './compilation-slice.ts';
import type { ConversationSlice } from './conversation-slice.ts';
import type { LessonRunSlice } from './lesson-run-slice.ts';
import type { McpSlice } from './mcp-slice.ts';
import type { RegistrySlice } from './registry-slice.ts';
import type { RunHistorySlice } from './run-history-slice.ts';
import type { RunSlice } from './run-slice.ts';
import type { ForkSlice } from './fork-slice.ts';
import type { TestsSlice } from './tests-slice.ts';
import type { StepSlice } from './step-slice.ts';
import type { StoredRunsSlice } from './stored-runs-slice.ts';
import type { TourSlice } from './tour-slice.ts';
import type { UiSlice } from './ui-slice.ts';
import type { VersionsSlice } from './versions-slice.ts';
import type { WorkspaceSlice } from './workspace-slice.ts';

/** The whole store: one object built from typed slices (see create-app-store.ts). */
export type AppState = WorkspaceSlice &
  UiSlice &
  CompilationSlice &
  RunSlice &
  ConversationSlice &
  LessonRunSlice &
  RunHistorySlice &
  StoredRunsSlice &
  StepSlice &
  ForkSlice &
  TestsSlice &
  CompareSlice &
  RegistrySlice &
  VersionsSlice &
  TourSlice &
  McpSlice;

/** Middlewares applied once, on the combined store; slices declare them so `set` takes an action name. */
export type AppMiddlewares = [['zustand/devtools', never]];

/** The store: its state, and `setState` taking an action name (the devtools middleware). */
export type AppStore = Mutate<StoreApi<AppState>, AppMiddlewares>;

/**
 * What the store holds from the first paint, before the run layer joins it (shell-store.ts): the
 * shell's containers read only this. The run layer's actions here wait for it.
 */
export type ShellState = WorkspaceSlice &
  UiSlice &
  CompilationSlice &
  Pick<RegistrySlice, 'health' | 'checkingHealth' | 'checkHealth'> &
  Pick<RunSlice, 'runTestCall' | 'stopRun'> &
  Pick<TourSlice, 'openTour'> &
  Pick<ConversationSlice, 'runScenario' | 'sendMessage'>;
