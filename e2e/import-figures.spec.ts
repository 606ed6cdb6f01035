import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, WELCOME_STORAGE_KEY } from './fixtures.ts';
import { toolsAction } from './tools-actions.ts';
import { targetLines } from './figure-targets.ts';

// No Playwright trace while measuring: its DOM snapshots took ~0.5 s of the page's main thread in a 2.6 s
// reload of 511 tools (a CPU profile of the page), which no person's browser spends.
test.use({ trace: 'off' });

// Issue 30's import rows, on the production build in headless Chromium, printed as `[figure]` lines:
// 500 tools pasted as an MCP tools/list and imported (from the click on "Import 500 tools" to every
// tool in the list shown valid), then the page reloaded (from navigation to every tool valid again,
// with nothing compiled again). Beside them, from the same run: an import of 10 tools (the baseline)
// and the median of five more reloads.

const toolCount = Number(process.env.IMPORT_TOOLS ?? 500);
/** The same-run baseline: an import of this many tools, in a fresh context of its own, just before. */
const baselineToolCount = 10;
/** Reloads of the 511 tools measured after the first (their median is printed beside the first). */
const reloads = Number(process.env.IMPORT_RELOADS ?? 5);

/** A tools/list of `count` distinct tools with schemas of a few shapes, as an MCP server would list them. */
export function manyToolsList(count: number, prefix = 'imported'): object {
  const tools = Array.from({ length: count }, (_, index) => {
    const name = `${prefix}_${String(index).padStart(3, '0')}`;
    const properties: Record<string, object> = {
      query: { type: 'string', description: `What tool ${index} looks for` },
      limit: { type: 'integer', minimum: 1, maximum: 100 + index },
    };
    if (index % 3 === 0) properties.unit = { type: 'string', enum: ['metric', 'imperial'] };
    if (index % 5 === 0) properties.tags = { type: 'array', items: { type: 'string' }, maxItems: 10 };
    return { name, description: `Imported tool number ${index}.`, inputSchema: { type: 'object', properties, required: ['query'] } };
  });
  return { jsonrpc: '2.0', id: 1, result: { tools } };
}

declare global {
  interface Window {
    __allValidAt?: number | null;
  }
}

/** Notes (against navigation start) the first moment every tool in the list shows valid, with at least `minimum` tools. */
function watchAllValid(minimum: number): void {
  window.__allValidAt = null;
  const check = () => {
    if (window.__allValidAt !== null) return;
    const dots = document.querySelectorAll('[aria-label="Tool list"] .status-dot');
    if (dots.length < minimum) return;
    if (document.querySelectorAll('[aria-label="Tool list"] .status-dot.status-valid').length === dots.length)
      window.__allValidAt = performance.now();
  };
  const observe = () =>
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  observe();
}

async function untilAllValid(page: Page): Promise<number> {
  await page.waitForFunction(() => typeof window.__allValidAt === 'number', undefined, { timeout: 120_000, polling: 100 });
  return page.evaluate(() => window.__allValidAt as number);
}

/** Opens the app, pastes a tools/list of `count` tools and imports them: from the click to every tool in the list shown valid. */
async function importTools(page: Page, count: number, prefix: string): Promise<{ importMs: number; before: number }> {
  const context = page.context();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('img', { name: 'valid' }).first()).toBeVisible({ timeout: 30_000 });
  const before = await tools.locator('.status-dot').count();

  await page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify(manyToolsList(count, prefix)));
  await toolsAction(page, 'Import…');
  const dialog = page.getByRole('dialog', { name: 'Import tool definitions' });
  await dialog.getByRole('textbox', { name: 'Tool definitions to import' }).focus();
  await page.keyboard.press('ControlOrMeta+V');
  const importButton = dialog.getByRole('button', { name: `Import ${count} tools` });
  await expect(importButton).toBeEnabled({ timeout: 60_000 });
  await page.evaluate(watchAllValid, before + count);
  const measured = count === toolCount;
  // IMPORT_PROFILE=file.cpuprofile: a CPU profile of the page's main thread during the import (open it
  // in DevTools' Performance panel), to see where the time goes before changing anything.
  const profiler = measured && process.env.IMPORT_PROFILE ? await context.newCDPSession(page) : undefined;
  await profiler?.send('Profiler.enable');
  await profiler?.send('Profiler.setSamplingInterval', { interval: 500 });
  await profiler?.send('Profiler.start');
  // IMPORT_TRACE=file.json: a Chrome trace of the same (layout, style, messages, GC: what a CPU profile calls "(program)").
  const tracing = measured && process.env.IMPORT_TRACE ? context.browser() : null;
  await tracing?.startTracing(page, {
    path: process.env.IMPORT_TRACE,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink', 'ipc', 'mojom'],
  });
  const clickedAt = await page.evaluate(() => performance.now());
  await importButton.click();
  const importMs = (await untilAllValid(page)) - clickedAt;
  await tracing?.stopTracing();
  if (profiler) writeFileSync(process.env.IMPORT_PROFILE as string, JSON.stringify((await profiler.send('Profiler.stop')).profile));
  return { importMs, before };
}

/** Navigation to every one of `count` tools valid again, from the saved workspace. */
async function reloadToAllValid(page: Page, count: number, profile?: string): Promise<number> {
  await page.addInitScript(watchAllValid, count);
  // IMPORT_RELOAD_PROFILE=file.cpuprofile: a CPU profile of the first reload.
  const profiler = profile ? await page.context().newCDPSession(page) : undefined;
  await profiler?.send('Profiler.enable');
  await profiler?.send('Profiler.setSamplingInterval', { interval: 500 });
  await profiler?.send('Profiler.start');
  await page.reload();
  const reloadMs = await untilAllValid(page);
  if (profiler) writeFileSync(profile as string, JSON.stringify((await profiler.send('Profiler.stop')).profile));
  return reloadMs;
}

/** A context like the fixture's (a returning visitor: no welcome dialog), with storage of its own. */
async function freshContext(context: BrowserContext): Promise<BrowserContext> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1440, height: 900 } });
  await fresh.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, 'seen');
    } catch {
      // The sandbox's opaque-origin frames have no storage.
    }
  }, WELCOME_STORAGE_KEY);
  return fresh;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

// Before the 500: 10 tools imported the same way in a fresh context (its own storage and sandbox), as
// the same-run baseline: what an import costs whatever its size (the editor opening, the sandbox's
// first compile workers), and how much of the 500's figure is the machine's load.
test('import of 500 tools to all valid, and a reload of them to all valid', async ({ page, context }) => {
  test.setTimeout(300_000);
  const baselineContext = await freshContext(context);
  const baseline = await importTools(await baselineContext.newPage(), baselineToolCount, 'baseline');
  await baselineContext.close();

  const { importMs, before } = await importTools(page, toolCount, 'imported');
  const tools = page.getByRole('region', { name: 'Tools' });

  // Saved (autosave), then reloads: the same 511 tools from the saved workspace.
  await page.waitForTimeout(Number(process.env.IMPORT_RELOAD_PAUSE_MS ?? 0));
  await page.keyboard.press('ControlOrMeta+S');
  const reloadMs = await reloadToAllValid(page, before + toolCount, process.env.IMPORT_RELOAD_PROFILE);
  // The reload's point is that nothing compiles again: every verdict was kept (the compile queue marks each compile).
  const compilesOnReload = await page.evaluate(() => performance.getEntriesByName('toolscope:compile').length);
  const moreReloads: number[] = [];
  for (let reload = 0; reload < reloads; reload++) moreReloads.push(await reloadToAllValid(page, before + toolCount));

  const report = {
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
    tools: before + toolCount,
    importToAllValidMs: Math.round(importMs),
    baselineImportOf10ToAllValidMs: Math.round(baseline.importMs),
    importPerToolMs: Math.round(((importMs - baseline.importMs) / (toolCount - baselineToolCount)) * 100) / 100,
    reloadToAllValidMs: Math.round(reloadMs),
    reloadToAllValidMedianMs: Math.round(median(moreReloads)),
    compilesOnReload,
  };
  console.log(`[figure] ${JSON.stringify(report)}`);
  for (const line of targetLines(report, report.loadAverageAtEnd)) console.log(line);
  expect(compilesOnReload).toBe(0);
  expect(await tools.locator('.status-dot').count()).toBe(before + toolCount);
});
