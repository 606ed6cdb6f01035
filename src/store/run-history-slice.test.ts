import { describe, expect, it } from 'vitest';
import { createRunFile, parseRunFile, serializeRunFile } from '../trace/index.ts';
import { createTestStore } from './in-process-store.test-support.ts';

const events = [
  { type: 'tool-call-queued' as const, time: 0, toolCallId: 'a', name: 't', arguments: {}, index: 0 },
  { type: 'tool-call-start' as const, time: 0, toolCallId: 'a', name: 't', concurrency: 1 },
];

const messages = [
  { role: 'user' as const, content: 'hi' },
  { role: 'assistant' as const, content: '', toolCalls: [{ id: 'a', name: 't', arguments: '{}' }] },
];

describe('run history slice', () => {
  it('shows a loaded run file as the current run, with its conversation', () => {
    const store = createTestStore();
    const parsed = parseRunFile(serializeRunFile(createRunFile({ kind: 'agent', events, messages, concurrencyLimit: 2 })));
    if (!parsed.ok) throw new Error(parsed.problems.join());
    expect(store.getState().loadRunFile(parsed.run, 'run.json')).toBe(true);
    const state = store.getState();
    expect(state.run).toMatchObject({ kind: 'agent', version: 2 });
    expect(state.run!.id).toBeLessThan(0);
    expect(state.run!.events).toHaveLength(2);
    expect(state.loadedRun).toEqual({ runId: state.run!.id, fileName: 'run.json', concurrencyLimit: 2 });
    expect(state.conversation).toMatchObject({
      messages,
      running: false,
      outcome: 'Loaded from run.json',
      callStatus: { a: { status: 'validating' } },
    });
  });

  it('refuses to load while a run is going', () => {
    const store = createTestStore();
    store.setState({ conversation: { ...store.getState().conversation, running: true } });
    expect(store.getState().loadRunFile(createRunFile({ kind: 'agent', events, messages: [] }), 'x.json')).toBe(false);
    expect(store.getState().run).toBeNull();
  });
});
