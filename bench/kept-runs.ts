// The Runs tab with many kept runs: records written straight into the app's IndexedDB (as a long use of
// the app leaves them), then the time from a click to the frame that shows its answer.
import type { Page } from '@playwright/test';
import { browserCpuSeconds } from './browser-session.ts';

/** Puts `count` small runs (valid records, as the app writes them) in the run history, then reloads. */
export async function seedKeptRuns(page: Page, count: number): Promise<void> {
  await page.evaluate(async (total) => {
    // Opened only once the app has made it: opening a database that does not exist yet would make an
    // empty one, and the app's own upgrade (which makes the stores) would then never run.
    for (let waited = 0; !(await indexedDB.databases()).some((known) => known.name === 'toolscope-runs'); waited += 50) {
      if (waited > 30_000) throw new Error('the app did not open its run history within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('toolscope-runs');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const transaction = database.transaction(['summaries', 'bodies'], 'readwrite');
    const kinds = ['scenario', 'conversation', 'test-call', 'compare-variant'] as const;
    const started = Date.now() - total * 60_000;
    for (let index = 0; index < total; index++) {
      const id = `seeded-${index}`;
      const kind = kinds[index % kinds.length];
      const body = {
        id,
        timelineKind: kind === 'test-call' ? 'test-call' : 'agent',
        concurrencyLimit: 4,
        events: [{ type: 'step-start', iteration: 1, time: 0 }],
        messages: [{ role: 'user', content: `Run ${index}` }],
        settings: {},
        toolVersions: [],
      };
      transaction.objectStore('bodies').put(body);
      transaction.objectStore('summaries').put({
        id,
        kind,
        title: `Run ${index}: weather in ${['Paris', 'Lima', 'Oslo'][index % 3]}`,
        scenarioName: kind === 'scenario' ? 'Weather in two cities' : null,
        status: index % 7 === 0 ? 'error' : 'ok',
        outcome: 'final answer after 2 model calls',
        startedAt: started + index * 60_000,
        durationMs: 1_000 + index,
        toolNames: index % 2 === 0 ? ['get_weather'] : ['get_weather', 'search_web'],
        callCount: 2,
        errorCount: index % 7 === 0 ? 1 : 0,
        size: JSON.stringify(body).length,
      });
    }
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    database.close();
  }, count);
  await page.reload();
}

/**
 * Resolves once the app has finished starting: the code editor (Monaco, the largest chunk, fetched and
 * compiled after the shell is usable) is on screen, the main thread has had an idle moment, and the
 * browser's processes have gone quiet. On a quiet machine the tools are valid before that, and the first
 * opens of a tab measured then paid for compiling the editor's chunk beside them (the Runs tab's 50-run
 * row read 91-159 ms where its own work is ~20 ms). An idle main thread is not enough: Monaco's TypeScript
 * worker type-checks the open tool against zod's declarations for 1.5-2 s of CPU after the editor shows,
 * off the main thread, and on 2 cores that check ran inside the timed turn (100 calls: 2.5x the ideal
 * measured that way, 1.7x from a quiet browser, same build).
 */
export async function appSettled(page: Page): Promise<void> {
  await page.waitForSelector('.monaco-editor', { timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  await browserQuiet();
}

/** Quiet: two windows of 500 ms in a row in which the browser used under 5 % of one core. */
const quietWindowMs = 500;
const quietShare = 0.05;

/** Waits until the browser's CPU is quiet (at most 30 s: a browser that never settles is measured as it is). */
async function browserQuiet(): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quietWindows = 0;
  let before = browserCpuSeconds();
  // NaN where /proc cannot be read: nothing to wait on.
  while (quietWindows < 2 && Date.now() < deadline && !Number.isNaN(before)) {
    await new Promise((resolve) => setTimeout(resolve, quietWindowMs));
    const now = browserCpuSeconds();
    quietWindows = now - before < (quietWindowMs / 1000) * quietShare ? quietWindows + 1 : 0;
    before = now;
  }
}

export type PageAction = { click: string } | { select: string; value: string };

/**
 * Does `action` in the page (a click on the element matching the selector, or a change of a select)
 * and resolves with the ms until the frame after an element matching `shown.selector` reads `shown.text`:
 * the time a person waits from the click to seeing the answer painted.
 */
export async function timeToFrame(page: Page, action: PageAction, shown: { selector: string; text: string }): Promise<number> {
  return page.evaluate(
    async ({ action, shown }) => {
      const element = document.querySelector('click' in action ? action.click : action.select);
      if (!element) throw new Error(`nothing matches ${JSON.stringify(action)}`);
      const started = performance.now();
      if ('click' in action) (element as HTMLElement).click();
      else {
        // React listens for the native change event; set the value through the prototype's setter as a person's choice does.
        const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
        setter?.call(element, action.value);
        element.dispatchEvent(new Event('change', { bubbles: true }));
      }
      await new Promise<void>((resolve) => {
        const check = () => (document.querySelector(shown.selector)?.textContent === shown.text ? resolve() : requestAnimationFrame(check));
        check();
      });
      // The frame that shows it: the next animation frame, then the task after its paint.
      await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - started;
    },
    { action, shown },
  );
}
