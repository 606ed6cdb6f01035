import { test, expect } from './fixtures.ts';
import { callsTable, openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });

const screens = process.env.SCREENS_DIR;

test('a reload keeps the Runs list, and an old run opens in the timeline and conversation', async ({ page }) => {
  await openWithToolsReady(page);
  await runScenario(page, 'Parallel calls');
  await waitForRunEnd(page);
  await runScenario(page, 'Timeout');
  await waitForRunEnd(page);

  await page.reload();
  await openWithToolsReady(page);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('tab', { name: 'Runs' }).click();
  const runs = timeline.getByRole('table', { name: 'Kept runs' });
  await expect(runs.locator('tbody tr')).toHaveCount(2);
  // Newest first.
  await expect(runs.locator('tbody tr').first()).toContainText('Timeout');
  await expect(runs.locator('tbody tr').nth(1)).toContainText(
    /Parallel calls[\s\S]*Scenario[\s\S]*ok[\s\S]*get_weather, search_web[\s\S]*4/,
  );

  // Filters: by tool, then by status.
  await timeline.getByRole('combobox', { name: 'Tool' }).selectOption('search_web');
  await expect(runs.locator('tbody tr')).toHaveCount(1);
  await timeline.getByRole('combobox', { name: 'Tool' }).selectOption('');
  await timeline.getByRole('combobox', { name: 'Status' }).selectOption('error');
  await expect(timeline.getByText('No kept run matches these filters (2 kept).')).toBeVisible();
  await timeline.getByRole('combobox', { name: 'Status' }).selectOption('all');
  if (screens) await page.screenshot({ path: `${screens}/runs-list-${test.info().project.name}.png` });

  await runs.getByRole('button', { name: /^Open Parallel calls/ }).click();
  await expect(timeline.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await expect(callsTable(page).locator('tbody tr')).toHaveCount(4);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('status').filter({ hasText: /Loaded from Parallel calls/ })).toBeVisible();
  await expect(conversation.getByText('get_weather').first()).toBeVisible();

  // Delete one; it is gone after another reload too.
  await timeline.getByRole('tab', { name: 'Runs' }).click();
  await runs.getByRole('button', { name: /^Delete Timeout/ }).click();
  await expect(runs.locator('tbody tr')).toHaveCount(1);
  await page.reload();
  await page.getByRole('region', { name: 'Timeline' }).getByRole('tab', { name: 'Runs' }).click();
  await expect(page.getByRole('table', { name: 'Kept runs' }).locator('tbody tr')).toHaveCount(1);
});
