// Issue 24: nothing a person made is lost to a reload, whatever features they used before it.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { connectSample, mcpOrigin } from './mcp-helpers.ts';
import { canaryScenario } from '../src/samples/scenarios/canary.ts';
import { callsTable, openWithToolsReady, runScenario } from './timeline-helpers.ts';

const toolList = (page: Page) => page.getByRole('region', { name: 'Tools' });

// Defect 2: autosave waited for a 400 ms pause and nothing saved when the page went away. On a quiet machine
// the old page is gone ~150 ms after the last key, before the debounce; on a starved one it may outlive it,
// and then this test cannot tell (it never fails with the fix: the save on pagehide does not wait).
test('text typed into Code and reloaded at once (within 100 ms) is there after the reload', async ({ page }) => {
  await openWithToolsReady(page);
  await toolList(page).getByRole('button', { name: 'get_weather', exact: true }).click();
  await page.getByRole('tab', { name: 'Code' }).click();
  await page.getByRole('textbox', { name: 'Code editor' }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('// typed before the reload');
  const typedAt = Date.now();
  const reloading = page.reload();
  expect(Date.now() - typedAt, 'the reload began within 100 ms of the last key').toBeLessThanOrEqual(100);
  await reloading;
  await toolList(page).getByRole('button', { name: 'get_weather', exact: true }).click();
  await page.getByRole('tab', { name: 'Code' }).click();
  // Monaco draws only the lines in view: go to the end, where the text was typed.
  await page.getByRole('textbox', { name: 'Code editor' }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await expect(page.getByRole('region', { name: 'Editor' }).locator('.view-lines')).toContainText('// typed before the reload');
});

// Defect 1: the save dropped `secretHeaders`, so the next start could not open it and loaded a default.
test('a workspace with a connected MCP server loads after a reload, with the tool made after connecting', async ({ page, guards }) => {
  guards.allowOrigin(mcpOrigin);
  await openWithToolsReady(page);
  await connectSample(page);
  await toolList(page).getByRole('button', { name: 'New tool' }).click();
  const name = page.getByRole('textbox', { name: 'New tool name' });
  await name.press('ControlOrMeta+A');
  await page.keyboard.type('made_after_connect');
  await name.press('Enter');
  await expect(toolList(page).getByRole('button', { name: 'made_after_connect', exact: true })).toBeVisible();
  await page.reload();
  await expect(toolList(page).getByRole('button', { name: 'made_after_connect', exact: true })).toBeVisible();
  await expect(page.getByText(/could not be opened/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'MCP servers' }).getByRole('listitem', { name: /^MCP server / })).toHaveCount(1);
});

// Defect 4: a run interrupted by a reload was not in Runs at all, and the scenario picker went back to the first.
test('a run interrupted by a reload is kept in Runs as interrupted, with the calls that had finished; the picker keeps its scenario', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openWithToolsReady(page);
  await runScenario(page, canaryScenario.name);
  // The first six calls end; the model then thinks for 4 s, and the page is reloaded meanwhile.
  const finished = callsTable(page)
    .locator('tbody tr')
    .filter({ hasText: /success|error/ });
  await expect(finished).toHaveCount(6, { timeout: 30_000 });
  await page.reload();

  const picker = page.getByRole('region', { name: 'Conversation' }).getByRole('combobox', { name: 'Scenario' });
  await expect(picker.locator('option:checked')).toHaveText(canaryScenario.name);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('tab', { name: 'Runs' }).click();
  const kept = timeline.getByRole('table', { name: 'Kept runs' }).locator('tbody tr');
  await expect(kept).toHaveCount(1);
  await expect(kept.first()).toContainText(/Canary[\s\S]*interrupted[\s\S]*flaky_api[\s\S]*6 \(3 failed\)/);
  await kept
    .first()
    .getByRole('button', { name: /^Open / })
    .click();
  await timeline.getByRole('tab', { name: 'Timeline' }).click();
  await expect(
    callsTable(page)
      .locator('tbody tr')
      .filter({ hasText: /success|error/ }),
  ).toHaveCount(6);
});
