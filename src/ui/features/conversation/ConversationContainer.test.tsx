// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createTestStore } from '../../../store/in-process-store.test-support.ts';
import { AppStoreProvider } from '../../store-context.tsx';
import { ConversationContainer } from './ConversationContainer.tsx';

const renders = vi.hoisted(() => ({ scenarioEditor: 0 }));

// Stands in for the scenario's JSON editor (a Monaco editor): counts how often the panel renders it.
vi.mock('../scenarios/ScenarioEditorContainer.tsx', () => ({
  ScenarioEditorContainer: () => {
    renders.scenarioEditor++;
    return null;
  },
}));

// The expectations' editor would load Monaco after the test has ended.
vi.mock('../tests/ExpectationsEditorContainer.tsx', () => ({ ExpectationsEditorContainer: () => null }));

afterEach(cleanup);

describe('ConversationContainer during a run (issue 30)', () => {
  it('re-renders the chips of a status change, not the scenario editor beside them', () => {
    const store = createTestStore();
    render(
      <AppStoreProvider store={store}>
        <ConversationContainer />
      </AppStoreProvider>,
    );
    const before = renders.scenarioEditor;
    expect(before).toBeGreaterThan(0);
    // What each frame of a run does: a new status map in the conversation.
    for (let frame = 0; frame < 5; frame++)
      act(() =>
        store.setState((state) => ({
          conversation: { ...state.conversation, callStatus: { [`call-${frame}`]: { status: 'running' } } },
        })),
      );
    expect(renders.scenarioEditor).toBe(before);
  });
});
