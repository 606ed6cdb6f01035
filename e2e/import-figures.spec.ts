import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { toolsAction } from './tools-actions.ts';
import { targetLines } from './figure-targets.ts';

// No Playwright trace while measuring: its DOM snapshots took ~0.5 s of the page's main thread in a 2.6 s
// reload of 511 tools (a CPU profile of the page), which no person's browser spends.
test.use({ trace: 'off' });

// Issue 30's import rows, on the production build in headless Chromium, printed as `[figure]` lines:
// 500 tools pasted as an MCP tools/list and imported (from the click on "Import 500 tools" to every
// tool in the list shown valid), then the page reloaded (from navigation to every tool valid again).

const toolCount = Number(process.env.IMPORT_TOOLS ?? 500);

/** A tools/list of `count` distinct tools with schemas of a few shapes, as an MCP server would list them. */
export function manyToolsList(count: number): object {
  const tools = Array.from({ length: count }, (_, index) => {
    const name = `imported_${String(index).padStart(3, '0')}`;
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

test('import of 500 tools to all valid, and a reload of them to all valid', async ({ page, context }) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('img', { name: 'valid' }).first()).toBeVisible({ timeout: 30_000 });
  const before = await tools.locator('.status-dot').count();

  await page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify(manyToolsList(toolCount)));
  await toolsAction(page, 'Import…');
  const dialog = page.getByRole('dialog', { name: 'Import tool definitions' });
  await dialog.getByRole('textbox', { name: 'Tool definitions to import' }).focus();
  await page.keyboard.press('ControlOrMeta+V');
  const importButton = dialog.getByRole('button', { name: `Import ${toolCount} tools` });
  await expect(importButton).toBeEnabled({ timeout: 60_000 });
  await page.evaluate(watchAllValid, before + toolCount);
  const clickedAt = await page.evaluate(() => performance.now());
  await importButton.click();
  const importMs = (await untilAllValid(page)) - clickedAt;

  // Saved (autosave), then a reload: the same 511 tools from the saved workspace.
  await page.keyboard.press('ControlOrMeta+S');
  await page.addInitScript(watchAllValid, before + toolCount);
  await page.reload();
  const reloadMs = await untilAllValid(page);

  const report = {
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
    tools: before + toolCount,
    importToAllValidMs: Math.round(importMs),
    reloadToAllValidMs: Math.round(reloadMs),
  };
  console.log(`[figure] ${JSON.stringify(report)}`);
  for (const line of targetLines(report, report.loadAverageAtEnd)) console.log(line);
  expect(await tools.locator('.status-dot').count()).toBe(before + toolCount);
});
