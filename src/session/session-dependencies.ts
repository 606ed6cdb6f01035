import type { Clock } from '../core/index.ts';
import type { ApiKeyStore } from '../llm/index.ts';
import type { RunProgressRecorder, RunRecorder } from './run-recording.ts';
import type { ToolRuntime } from './runtime/tool-runtime.ts';
import type { WorkspaceSource } from './workspace-view.ts';

/** What the run layer is given: everything that touches the outside world is injected. */
export interface SessionDependencies {
  /** Where user tools compile and run (the sandbox in the app, in-process in tests). */
  runtime: ToolRuntime;
  apiKeys: ApiKeyStore;
  /** A clock for a run at the given playback speed (1 = real time). */
  createClock(speed: number): Clock;
  workspace: WorkspaceSource;
  /** Receives every run once it has ended (the IndexedDB run history in the app); absent, nothing is kept. */
  recordRun?: RunRecorder;
  /** Keeps a run as it goes, so a reload in the middle does not lose it; absent, only ended runs are kept. */
  recordProgress?: RunProgressRecorder;
}
