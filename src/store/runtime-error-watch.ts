// Where each tool's code last failed when it ran: the Code editor marks that line, as it marks compile
// errors. Read from the events of every run (test calls and conversations alike), only the new ones
// each time, so a 10,000-call run costs one pass.
import type { AgentRunEvent } from '../agent/agent-types.ts';
import type { SourceLocation } from '../core/index.ts';
import { currentVersionLabel } from '../workspace/saved-versions.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';

export interface RuntimeError extends SourceLocation {
  message: string;
  /** The code it failed in: once the code is edited, the marker no longer points at the right line. */
  codeSource: string;
}

/** The runtime error (or the success that clears it) each event reports, by tool id. */
export function runtimeErrorUpdates(
  events: readonly AgentRunEvent[],
  from: number,
  tools: readonly ToolSource[],
): Map<string, RuntimeError | null> {
  const updates = new Map<string, RuntimeError | null>();
  // By name, the first tool of each (as a search from the start finds it): a loaded run ends 100,000 calls.
  const byName = new Map<string, ToolSource>();
  for (const tool of tools) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  for (let index = from; index < events.length; index++) {
    const event = events[index] as AgentRunEvent;
    if (event.type !== 'tool-call-end') continue;
    const tool = byName.get(event.name);
    // A call served by another version (the stable side of a canary, or a lesson's v2 of a tool that has no
    // versions of the person's) ran other code than the editor's.
    if (!tool || (event.version !== undefined && event.version !== currentVersionLabel(tool))) continue;
    const { result } = event;
    if (result.status === 'success') updates.set(tool.id, null);
    else if (result.error.kind === 'execution_error' && result.error.location)
      updates.set(tool.id, { ...result.error.location, message: result.error.message, codeSource: tool.codeSource });
  }
  return updates;
}

interface WatchedStore {
  getState(): {
    run: { id: number; events: AgentRunEvent[] } | null;
    workspace: { tools: ToolSource[] };
    recordRuntimeErrors(updates: Map<string, RuntimeError | null>): void;
  };
  subscribe(listener: (state: ReturnType<WatchedStore['getState']>, previous: ReturnType<WatchedStore['getState']>) => void): () => void;
}

/** Follows the store's runs and records each tool's latest runtime error; returns the unsubscribe. */
export function watchRuntimeErrors(store: WatchedStore): () => void {
  let runId: number | null = null;
  let read = 0;
  return store.subscribe((state, previous) => {
    if (state.run === previous.run || !state.run) return;
    if (state.run.id !== runId) [runId, read] = [state.run.id, 0];
    const updates = runtimeErrorUpdates(state.run.events, read, state.workspace.tools);
    read = state.run.events.length;
    if (updates.size > 0) state.recordRuntimeErrors(updates);
  });
}
