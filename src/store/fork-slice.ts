// Fork from a step of the run on show: the transcript up to that step is replayed (no model request for
// it), the step is replaced by the user's edit, and the run goes on from there as a new branch that the
// Runs list keeps beside its parent.
import type { StateCreator } from 'zustand/vanilla';
import type { ChatMessage } from '../llm/index.ts';
import { planFork } from '../session/index.ts';
import type { AppMiddlewares, AppState } from './app-state.ts';

export interface ForkSlice {
  /** Runs a branch from message `index` of the conversation on show, with that message replaced by `edited`. */
  forkRun(index: number, edited: ChatMessage): Promise<void>;
}

export const createForkSlice = (): StateCreator<AppState, AppMiddlewares, [], ForkSlice> => (_set, get) => ({
  async forkRun(index, edited) {
    const { conversation, workspace, openedStoredRunId, latestStoredRunId, notify } = get();
    if (conversation.running) return;
    const fork = planFork(conversation.messages, index, edited);
    if (!fork.ok) {
      notify({ level: 'error', message: fork.problem });
      return;
    }
    // A scenario run starts with the scenario's name as the user's message: the branch plays the same script.
    const first = conversation.messages[0];
    const scenario = first?.role === 'user' ? (workspace.scenarios.find((candidate) => candidate.name === first.content) ?? null) : null;
    await get().runBranch(fork.plan.messages, scenario, {
      fork: { replay: fork.plan.replay, modelTurnsBefore: fork.plan.modelTurnsBefore },
      parentRunId: openedStoredRunId ?? latestStoredRunId ?? undefined,
      forkedAt: fork.plan.label,
    });
  },
});
