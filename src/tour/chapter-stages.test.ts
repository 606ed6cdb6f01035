import { describe, expect, it } from 'vitest';
import { tourChapters } from './index.ts';

// Issue 27, point 6: each chapter names the view it brings up, the controls its step uses, and the room its
// card takes; the room never includes what the card must leave uncovered (e2e/tour-fit.spec.ts measures it).
describe('tour chapters at a class', () => {
  it('every chapter has a layout, at least one control to use, and a room apart from its target, controls and watched regions', () => {
    for (const chapter of tourChapters) {
      expect(chapter.actions.length, chapter.id).toBeGreaterThan(0);
      const mustShow = new Set([chapter.target, ...(chapter.watch ?? []), ...chapter.actions.map((action) => action.region)]);
      // The transcript is under the conversation's controls: it may be the room of a chapter whose button is above it.
      for (const room of chapter.cardRoom) expect(mustShow.has(room as never), `${chapter.id} covers ${room}`).toBe(false);
    }
  });

  it('a chapter that opens a view does not ask the person to open it, and one whose step is opening a view does not open it', () => {
    for (const chapter of tourChapters)
      for (const action of chapter.actions)
        if (action.role === 'tab') {
          const tab = action.name.toLowerCase();
          expect([chapter.stage.editorTab, chapter.stage.timelineTab], chapter.id).not.toContain(tab);
        }
  });
});
