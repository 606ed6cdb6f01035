import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, WORKSPACE_KEY } from '../workspace/index.ts';
import { startAutosave, type PageLifecycle } from './autosave.ts';
import { createTestStore } from './in-process-store.test-support.ts';

function fakePage(): PageLifecycle & { hide(): void; leave(): void } {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const window = new EventTarget();
  return {
    window,
    document,
    hide() {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    leave: () => window.dispatchEvent(new Event('pagehide')),
  };
}

const savedCode = (storage: MemoryStorage) =>
  (JSON.parse(storage.getItem(WORKSPACE_KEY) ?? 'null') as { workspace: { tools: { codeSource: string }[] } } | null)?.workspace.tools[0]
    ?.codeSource;

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function typed() {
    const store = createTestStore();
    const storage = new MemoryStorage();
    const page = fakePage();
    const autosave = startAutosave(store, storage, { page });
    const tool = store.getState().workspace.tools[0]!;
    store.getState().updateTool(tool.id, { codeSource: `${tool.codeSource}// typed just now` });
    return { storage, page, autosave };
  }

  it('saves shortly after a change', () => {
    const { storage } = typed();
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();
    vi.advanceTimersByTime(400);
    expect(savedCode(storage)).toMatch(/typed just now$/);
  });

  // Issue 24, defect 2: typing, then reloading within the debounce, lost the text.
  it('saves a change still waiting for its debounce when the page is unloaded (a reload)', () => {
    const { storage, page } = typed();
    page.leave();
    expect(savedCode(storage)).toMatch(/typed just now$/);
  });

  it('saves a change still waiting when the page is hidden, and writes nothing when nothing waits', () => {
    const { storage, page } = typed();
    page.hide();
    expect(savedCode(storage)).toMatch(/typed just now$/);
    const setItem = vi.spyOn(storage, 'setItem');
    page.leave();
    page.hide();
    expect(setItem).not.toHaveBeenCalled();
  });

  it('stops listening to the page when stopped', () => {
    const { storage, page, autosave } = typed();
    autosave.stop();
    page.leave();
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();
  });
});
