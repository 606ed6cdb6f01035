import { describe, expect, it } from 'vitest';
import { createTestStore } from './in-process-store.test-support.ts';

const newStore = () => createTestStore();

describe('workspace slice', () => {
  it('adds a tool from the template with a free name and selects it', () => {
    const store = newStore();
    const first = store.getState().addTool();
    const second = store.getState().addTool();
    const names = store.getState().workspace.tools.map((tool) => tool.name);
    expect(names).toContain('new_tool');
    expect(names).toContain('new_tool_2');
    expect(store.getState().selectedToolId).toBe(second);
    expect(first).not.toBe(second);
  });

  it('adds a Python tool whose template function is named after it, with no schema source (issue 31)', () => {
    const store = newStore();
    const added = store.getState().addTool({ language: 'python', name: 'get_forecast' });
    const tool = store.getState().workspace.tools.find((candidate) => candidate.id === added)!;
    expect(tool).toMatchObject({ language: 'python', name: 'get_forecast', schemaSource: '' });
    expect(tool.codeSource).toContain('async def get_forecast(');
    expect(store.getState().selectedToolId).toBe(added);
  });

  it('duplicates a tool right after the original, with a new id and name', () => {
    const store = newStore();
    const original = store.getState().workspace.tools[0]!;
    const copyId = store.getState().duplicateTool(original.id)!;
    const tools = store.getState().workspace.tools;
    expect(tools[1]).toMatchObject({ id: copyId, name: `${original.name}_copy`, codeSource: original.codeSource });
  });

  it('refuses invalid and duplicate names and keeps the old one', () => {
    const store = newStore();
    const added = store.getState().addTool();
    const taken = store.getState().workspace.tools[0]!.name;
    expect(store.getState().renameTool(added, 'has space')).toMatchObject({ ok: false });
    expect(store.getState().renameTool(added, 'x'.repeat(65))).toMatchObject({ ok: false });
    expect(store.getState().renameTool(added, taken)).toMatchObject({ ok: false, message: expect.stringContaining('already exists') });
    expect(store.getState().workspace.tools.find((tool) => tool.id === added)!.name).toBe('new_tool');
    expect(store.getState().renameTool(added, 'fetch_invoice-v2')).toEqual({ ok: true });
    expect(store.getState().workspace.tools.find((tool) => tool.id === added)!.name).toBe('fetch_invoice-v2');
  });

  it('deletes a tool and undo puts it back in its place', () => {
    const store = newStore();
    store.getState().addTool();
    const before = store.getState().workspace.tools.map((tool) => tool.id);
    store.getState().deleteTool(before[0]!);
    expect(store.getState().workspace.tools.map((tool) => tool.id)).toEqual(before.slice(1));
    store.getState().undoDeleteTool();
    expect(store.getState().workspace.tools.map((tool) => tool.id)).toEqual(before);
    expect(store.getState().deletedTool).toBeNull();
  });

  it('moves the selection to a neighbour when the selected tool is deleted', () => {
    const store = newStore();
    const added = store.getState().addTool();
    store.getState().deleteTool(added);
    expect(store.getState().selectedToolId).toBe(store.getState().workspace.tools.at(-1)!.id);
  });
});
