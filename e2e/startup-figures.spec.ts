import { loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import { test, expect, WELCOME_STORAGE_KEY } from './fixtures.ts';
import { targetLines } from './figure-targets.ts';
import { recordMarks, type StartupMarks } from './startup-marks.ts';

// No Playwright trace while measuring: its DOM snapshots took ~0.5 s of the page's main thread in a 2.6 s
// reload of 511 tools (a CPU profile of the page), which no person's browser spends.
test.use({ trace: 'off' });

// Issue 15's start-up figures on the production build in headless Chromium, printed as `[figure]` lines
// (and attached as startup-figures.json): from navigation to the first contentful paint, to the shell
// being interactive, and to every sample tool shown as valid. Interactive means what a person can do,
// not what is drawn: the app's own handlers are on "New tool", on a tool of the list (click it and see
// it) and on the conversation's Message box (type, press Send), read from the elements React rendered
// (markup drawn before the script, or a button that does nothing yet, does not count). Each load is a fresh browser context: empty storage (the sample
// workspace) and an empty HTTP cache, as for someone opening the app for the first time, who has already
// closed the welcome once: on a very first visit the welcome is a modal dialog, and nothing behind it
// answers a click until it is closed (e2e/startup-shell.spec.ts clicks at the first interactive moment).

const loads = Number(process.env.STARTUP_LOADS ?? 20);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] as number) * 10) / 10;
}

/** One load of `path` in a fresh context: the marks, and no console error. */
async function measureLoad(browser: Browser, baseURL: string | undefined, path: string): Promise<StartupMarks> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript((key) => {
    try {
      localStorage.setItem(key, 'seen');
    } catch {
      // The sandbox's opaque-origin frames have no storage.
    }
  }, WELCOME_STORAGE_KEY);
  await page.addInitScript(recordMarks);
  await page.goto(path);
  await page.waitForFunction(
    () => !!window.__startupMarks && window.__startupMarks.allToolsValidMs !== null && window.__startupMarks.shellInteractiveMs !== null,
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  const marks = await page.evaluate(() => window.__startupMarks as StartupMarks);
  expect(errors).toEqual([]);
  // The preview server answers an unknown path with the app: the baseline must be the baseline.
  expect(await page.title()).toBe(path === '/' ? 'Toolscope' : 'Start-up baseline');
  await context.close();
  return marks;
}

// Each load of the app is followed by one of a baseline page (e2e/pages/startup-baseline.html: the same
// marks drawn by a few lines of script), so the report can say how much of each figure the machine's
// load and the server take: on this shared machine the load average is often 20 or more.
test('navigation to first paint, to a usable shell and to every sample tool valid', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(60_000 + loads * 25_000);
  const samples: StartupMarks[] = [];
  const baseline: StartupMarks[] = [];
  for (let load = 0; load < loads; load++) {
    const marks = await measureLoad(browser, baseURL, '/');
    expect(marks.tools).toBeGreaterThanOrEqual(10);
    samples.push(marks);
    baseline.push(await measureLoad(browser, baseURL, '/e2e/pages/startup-baseline.html'));
  }
  const pick = (from: StartupMarks[], key: keyof Omit<StartupMarks, 'tools'>) => from.map((sample) => sample[key] ?? Number.NaN);
  const report = {
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
    loads,
    tools: samples[0]?.tools,
    firstContentfulPaintMedianMs: median(pick(samples, 'firstContentfulPaintMs')),
    shellInteractiveMedianMs: median(pick(samples, 'shellInteractiveMs')),
    toolsClickableMedianMs: median(pick(samples, 'toolsClickableMs')),
    messageTypableMedianMs: median(pick(samples, 'messageTypableMs')),
    allToolsValidMedianMs: median(pick(samples, 'allToolsValidMs')),
    allToolsValidMaxMs: Math.round(Math.max(...pick(samples, 'allToolsValidMs'))),
    baselineFirstContentfulPaintMedianMs: median(pick(baseline, 'firstContentfulPaintMs')),
    baselineAllToolsValidMedianMs: median(pick(baseline, 'allToolsValidMs')),
    baselineShellInteractiveMedianMs: median(pick(baseline, 'shellInteractiveMs')),
  };
  console.log(`[figure] ${JSON.stringify(report)}`);
  for (const line of targetLines(report, report.loadAverageAtEnd)) console.log(line);
  await testInfo.attach('startup-figures.json', {
    body: JSON.stringify({ report, samples, baseline }, null, 2),
    contentType: 'application/json',
  });
});
