// Pages for the timeline benchmark, opened with `?bench` (which exposes window.__toolscopeBench), one per
// key so interleaved rounds never reload.
import type { Page } from '@playwright/test';
import { holdOpen, newBenchContext } from './browser-session.ts';

export { releaseSoon } from './browser-session.ts';

const pages = new Map<string, Promise<Page>>();

/**
 * A page of its own per `key` (each holds one run), with the timeline panel enlarged to most of the
 * window, as someone studying a big run would have it.
 */
export function benchPage(key: string, setup: (page: Page) => Promise<void>): Promise<Page> {
  // A page kept from an earlier round is used again: the idle close set by that round's releaseSoon
  // must not shut the browser in the middle of this one (a 10,000-call round can outlast it under load).
  holdOpen();
  let page = pages.get(key);
  if (!page) {
    page = (async () => {
      const { context, url } = await newBenchContext();
      // The session closes the browser when idle: the next use then opens a new page.
      context.on('close', () => pages.delete(key));
      const created = await context.newPage();
      await created.goto(`${url}?bench`);
      await created.waitForFunction(() => window.__toolscopeBench !== undefined);
      const separator = created.getByRole('separator').last();
      const box = await separator.boundingBox();
      if (box) {
        await created.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await created.mouse.down();
        await created.mouse.move(box.x + box.width / 2, 300, { steps: 5 });
        await created.mouse.up();
      }
      await setup(created);
      return created;
    })();
    pages.set(key, page);
  }
  return page;
}
