import { describe, expect, it } from 'vitest';
import type { StorageLike } from '../workspace/index.ts';
import { MemoryStorage } from '../workspace/memory-storage.ts';
import { createTestStore } from './in-process-store.test-support.ts';
import { loadView, rememberView, VIEW_STORAGE_KEY } from './view-memory.ts';

describe('view memory', () => {
  it('reopens the tool and editor tab that were open, through storage', () => {
    const storage = new MemoryStorage();
    const before = createTestStore();
    rememberView(before, storage);
    const calculator = before.getState().workspace.tools.find((tool) => tool.name === 'calculator')!;
    before.getState().selectTool(calculator.id);
    before.getState().setEditorTab('schema');

    const after = createTestStore({ workspace: before.getState().workspace, view: loadView(storage) });
    expect(after.getState().selectedToolId).toBe(calculator.id);
    expect(after.getState().editorTab).toBe('schema');
  });

  it('opens the first tool when the remembered one is gone, and the Code tab when nothing was saved', () => {
    const gone = createTestStore({ view: { selectedToolId: 'deleted-tool', editorTab: 'versions' } });
    expect(gone.getState().selectedToolId).toBe(gone.getState().workspace.tools[0]?.id);
    expect(gone.getState().editorTab).toBe('versions');
    expect(createTestStore({ view: loadView(new MemoryStorage()) }).getState().editorTab).toBe('code');
  });

  it('finds the tool by name in a workspace that was never saved (its ids are new on every load)', () => {
    const storage = new MemoryStorage();
    const before = createTestStore();
    rememberView(before, storage);
    before.getState().selectTool(before.getState().workspace.tools.find((tool) => tool.name === 'send_email')!.id);
    const after = createTestStore({ view: loadView(storage) });
    expect(after.getState().workspace.tools.find((tool) => tool.id === after.getState().selectedToolId)?.name).toBe('send_email');
  });

  it('ignores a damaged or foreign entry instead of failing to start', () => {
    const storage = new MemoryStorage();
    for (const text of [
      '{ nope',
      '"code"',
      JSON.stringify({ selectedToolId: 3, editorTab: 'code' }),
      JSON.stringify({ editorTab: 'console' }),
    ]) {
      storage.setItem(VIEW_STORAGE_KEY, text);
      expect(loadView(storage)).toBeNull();
    }
  });

  it('writes only when the selection or the tab changed', () => {
    const writes: string[] = [];
    const counting: StorageLike = { getItem: () => null, setItem: (_key, value) => void writes.push(value), removeItem: () => {} };
    const store = createTestStore();
    rememberView(store, counting);
    store.getState().notify({ level: 'info', message: 'unrelated' });
    expect(writes).toEqual([]);
    store.getState().setEditorTab('definition');
    expect(writes).toHaveLength(1);
  });
});
