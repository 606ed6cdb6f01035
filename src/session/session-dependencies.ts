import type { Clock } from '../core/index.ts';
import type { ApiKeyStore } from '../llm/index.ts';
import type { CompileCache } from './compile/compile-cache.ts';
import type { RunProgressRecorder, RunRecorder } from './run-recording.ts';
import type { ToolRuntime } from './runtime/tool-runtime.ts';
import type { WorkspaceSource, WorkspaceView } from './workspace-view.ts';

/** What the session reads of the workspace. How each tool compiled is the session's own (its compile queue). */
export interface WorkspaceProvider {
  /** The workspace and the connected MCP servers' tools as they are now. */
  current(): Omit<WorkspaceView, 'compilations'>;
  /** The tool open in the editor: it compiles before the others. */
  focusedToolId?(): string | null;
}

/** What the session is given: everything that touches the outside world is injected. */
export interface SessionOptions {
  /** Where user tools compile and run (the sandbox in the app, in-process in tests). */
  runtime: ToolRuntime;
  apiKeys: ApiKeyStore;
  /** A clock for a run at the given playback speed (1 = real time). */
  createClock(speed: number): Clock;
  workspace: WorkspaceProvider;
  /** Receives every run once it has ended (the IndexedDB run history in the app); absent, nothing is kept. */
  recordRun?: RunRecorder;
  /** How long an edit waits for the next keystroke before it compiles (default 300 ms). */
  editDelayMs?: number;
  /** Keeps a run as it goes, so a reload in the middle does not lose it; absent, only ended runs are kept. */
  recordProgress?: RunProgressRecorder;
  /** Verdicts on sources compiled before (build-time samples, IndexedDB); absent, every tool compiles. */
  compileCache?: CompileCache;
}

/** What each kind of run is handed: the options, with the workspace as the session sees it (with its compile status). */
export interface SessionDependencies extends Omit<SessionOptions, 'workspace' | 'editDelayMs' | 'compileCache'> {
  workspace: WorkspaceSource;
}
