import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AgentRunEvent } from '../agent/agent-types.ts';
import { ToolExecutor, type Tool } from '../core/index.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';
import { runtimeErrorUpdates, watchRuntimeErrors, type RuntimeError } from './runtime-error-watch.ts';

/** A tool whose code throws on `{ fail: true }`, at line 7, column 11 of its source (as the sandbox reports). */
const failing: Tool = {
  name: 'word_count',
  description: 'counts words',
  parameters: { type: 'object' },
  validate: (args) => ({ success: true, data: args }),
  execute: (input) => {
    if ((input as { fail?: boolean }).fail)
      throw Object.assign(new Error("TypeError: Cannot read properties of undefined (reading 'split')"), {
        sourceLocation: { line: 7, column: 11 },
      });
    return { words: 2 };
  },
};
const source = { id: 'tool-1', name: 'word_count', codeSource: 'export default …' } as ToolSource;

async function eventsOf(...calls: { fail: boolean }[]): Promise<AgentRunEvent[]> {
  const executor = new ToolExecutor();
  executor.register(failing);
  const events: AgentRunEvent[] = [];
  executor.on((event) => events.push(event));
  for (const args of calls) await executor.execute({ name: 'word_count', arguments: args });
  return events;
}

describe('runtime errors for the Code editor (issue 14)', () => {
  it('records where the code threw, and clears it when a later call succeeds', async () => {
    const failed = await eventsOf({ fail: true });
    expect(runtimeErrorUpdates(failed, 0, [source]).get('tool-1')).toEqual({
      line: 7,
      column: 11,
      message: "TypeError: Cannot read properties of undefined (reading 'split')",
      codeSource: 'export default …',
    });
    const thenFixed = await eventsOf({ fail: true }, { fail: false });
    expect(runtimeErrorUpdates(thenFixed, 0, [source]).get('tool-1')).toBeNull();
    expect(runtimeErrorUpdates(thenFixed, 0, [{ ...source, name: 'other' }]).size).toBe(0);
  });

  it('follows the store, reading only the events added since the last change', async () => {
    const events = await eventsOf({ fail: true });
    const recorded: Map<string, RuntimeError | null>[] = [];
    const store = createStore(() => ({
      run: null as { id: number; events: AgentRunEvent[] } | null,
      workspace: { tools: [source] },
      recordRuntimeErrors: (updates: Map<string, RuntimeError | null>) => void recorded.push(updates),
    }));
    watchRuntimeErrors(store);
    const run = { id: 1, events: [] as AgentRunEvent[] };
    for (const event of events) {
      run.events.push(event);
      store.setState({ run: { ...run } });
    }
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.get('tool-1')).toMatchObject({ line: 7, column: 11 });
  });
});

describe('runtime errors of code that is not in the editor (issue 24)', () => {
  it("a lesson's v2 of a tool the person has one version of marks nothing in the person's code", async () => {
    const events = (await eventsOf({ fail: true })).map((event) => (event.type === 'tool-call-end' ? { ...event, version: 'v2' } : event));
    expect(runtimeErrorUpdates(events, 0, [source]).size).toBe(0);
    const servedByV1 = events.map((event) => (event.type === 'tool-call-end' ? { ...event, version: 'v1' } : event));
    expect(runtimeErrorUpdates(servedByV1, 0, [source]).get('tool-1')).toMatchObject({ line: 7 });
  });
});
