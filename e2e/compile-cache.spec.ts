// Issue 30: every sample tool compiled in the sandbox at every start. Sources with a verdict on record
// (the samples, compiled when the app was built; a person's own tool, compiled on an earlier visit)
// now compile nothing, and still run in a fresh sandbox worker.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const tools = (page: Page) => page.getByRole('region', { name: 'Tools' });
/** How many compiles the app started in the sandbox since this page loaded (a user-timing mark per compile). */
const compilesSinceLoad = (page: Page) => page.evaluate(() => performance.getEntriesByName('toolscope:compile').length);

async function allValid(page: Page): Promise<void> {
  await expect(tools(page).locator('.status-dot').first()).toBeVisible({ timeout: 30_000 });
  await expect(tools(page).locator('.status-dot:not(.status-valid)')).toHaveCount(0, { timeout: 30_000 });
}

test('nothing compiles at start for an unchanged workspace: the samples from the build, an own tool from the last visit', async ({
  page,
}) => {
  await page.goto('/');
  await allValid(page);
  expect(await compilesSinceLoad(page)).toBe(0);

  // A tool of one's own: a new tool whose schema is typed key by key.
  await tools(page).getByRole('button', { name: 'New tool' }).click();
  await page.keyboard.type('find_train');
  await page.keyboard.press('Enter');
  const schemaEditor = page.getByRole('textbox', { name: 'Schema editor' });
  await schemaEditor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type("import { z } from 'zod';\nexport default z.object({ text: z.string(), station: z.string() });\n");
  await expect(tools(page).getByRole('button', { name: 'find_train', exact: true })).toBeVisible();
  await expect.poll(() => compilesSinceLoad(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await allValid(page);
  await page.getByRole('tab', { name: 'Definition' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Definition' })).toContainText('station');

  await page.keyboard.press('ControlOrMeta+S');
  await page.reload();
  await allValid(page);
  await expect(tools(page).getByRole('button', { name: 'find_train', exact: true })).toBeVisible();
  expect(await compilesSinceLoad(page)).toBe(0);

  // It still runs: its code goes to a fresh worker when called.
  await tools(page).getByRole('button', { name: 'find_train', exact: true }).click();
  const argumentsEditor = page.getByRole('textbox', { name: 'Arguments editor' });
  await argumentsEditor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('{ "text": "to Oslo", "station": "Bergen" }');
  await page.getByRole('button', { name: 'Run call' }).click();
  await expect(page.getByRole('region', { name: 'Call result' })).toContainText('success', { timeout: 30_000 });
  expect(await compilesSinceLoad(page)).toBe(0);
});
