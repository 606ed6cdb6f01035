import { loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { targetLines } from './figure-targets.ts';

// No Playwright trace while measuring: its DOM snapshots took ~0.5 s of the page's main thread in a 2.6 s
// reload of 511 tools (a CPU profile of the page), which no person's browser spends.
test.use({ trace: 'off' });

// Issue 15's start-up figures on the production build in headless Chromium, printed as `[figure]` lines
// (and attached as startup-figures.json): from navigation to the first contentful paint, to the shell
// being interactive, and to every sample tool shown as valid. Interactive means what a person can do,
// not what is drawn: the app's own handlers are on "New tool", on a tool of the list (click it and see
// it) and on the conversation's Message box (type, press Send), read from the elements React rendered
// (markup drawn before the script, or a button that does nothing yet, does not count). Each load is a fresh browser context: empty storage (the sample
// workspace) and an empty HTTP cache, as for someone opening the app for the first time.

const loads = Number(process.env.STARTUP_LOADS ?? 20);

interface StartupMarks {
  firstContentfulPaintMs: number | null;
  shellInteractiveMs: number | null;
  /** The parts of shell interactive: "New tool" and a tool of the list answer a click; Message takes typing. */
  toolsClickableMs: number | null;
  messageTypableMs: number | null;
  allToolsValidMs: number | null;
  tools: number;
}

declare global {
  interface Window {
    __startupMarks?: StartupMarks;
  }
}

/** Runs before the app's scripts: notes, against navigation start, when each mark first holds. */
function recordMarks(): void {
  const marks: StartupMarks = {
    firstContentfulPaintMs: null,
    shellInteractiveMs: null,
    toolsClickableMs: null,
    messageTypableMs: null,
    allToolsValidMs: null,
    tools: 0,
  };
  window.__startupMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.firstContentfulPaintMs = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // React keeps an element's props under a `__reactProps$…` key: a handler there is the app's, attached
  // (the baseline page sets the element's own `onclick`/`oninput`).
  const handles = (element: Element | null | undefined, event: 'onClick' | 'onChange') =>
    !!element &&
    !(element as HTMLButtonElement).disabled &&
    (typeof (element as HTMLElement)[event === 'onClick' ? 'onclick' : 'oninput'] === 'function' ||
      Object.entries(element).some(
        ([key, props]) => key.startsWith('__reactProps$') && typeof (props as Record<string, unknown>)[event] === 'function',
      ));
  const check = () => {
    const now = performance.now();
    if (marks.toolsClickableMs === null) {
      const newTool = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === 'New tool');
      if (handles(newTool, 'onClick') && handles(document.querySelector('[aria-label="Tool list"] li button'), 'onClick'))
        marks.toolsClickableMs = now;
    }
    if (marks.messageTypableMs === null && handles(document.querySelector('textarea[aria-label="Message"]'), 'onChange'))
      marks.messageTypableMs = now;
    if (marks.shellInteractiveMs === null && marks.toolsClickableMs !== null && marks.messageTypableMs !== null)
      marks.shellInteractiveMs = now;
    if (marks.allToolsValidMs === null) {
      const dots = document.querySelectorAll('[aria-label="Tool list"] .status-dot');
      const valid = document.querySelectorAll('[aria-label="Tool list"] .status-dot.status-valid');
      if (dots.length > 0 && valid.length === dots.length) {
        marks.allToolsValidMs = performance.now();
        marks.tools = dots.length;
      }
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['class', 'disabled'],
  });
}

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
