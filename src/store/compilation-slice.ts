import type { StateCreator } from 'zustand/vanilla';
import type { Session, ToolCompilation } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export type { ToolCompilation } from '../session/index.ts';

export interface CompilationSlice {
  /**
   * Each tool's compile status, mirrored from the session's compile queue (session/compile/), which
   * decides when a tool compiles: the store only shows it.
   */
  compilations: Record<string, ToolCompilation>;
  /** Resolves once the tool's current sources have been compiled (or found unchanged). */
  compileTool(toolId: string): Promise<void>;
  /** Every enabled tool compiled: what a run needs first, or tools still compiling would be missing from it. */
  compileEnabledTools(): Promise<void>;
}

/** `showNow` brings the mirror up to date at once (it follows the queue once per frame otherwise). */
export const createCompilationSlice =
  (session: Session, showNow: () => void = () => {}): StateCreator<AppState, AppMiddlewares, [], CompilationSlice> =>
  () => ({
    compilations: {},
    compileTool: (toolId) => session.compiles.settled([toolId]).then(showNow),
    compileEnabledTools: () => session.compiles.settled().then(showNow),
  });
