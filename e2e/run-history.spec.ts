import { test, expect } from './fixtures.ts';
import { callsTable, openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });

const screens = process.env.SCREENS_DIR;

test('a reload keeps the Runs list; two kept runs compare side by side, and an old run opens in the timeline and conversation', async ({
  page,
}) => {
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

  // Issue 19: tick the two kept runs and see them side by side in Compare, read back, not re-run.
  const compare = timeline.getByRole('button', { name: 'Compare side by side' });
  await expect(compare).toBeDisabled();
  await runs.getByRole('checkbox', { name: /^Pick Timeout/ }).check();
  await expect(timeline.getByText('Tick one more run to compare.')).toBeVisible();
  await runs.getByRole('checkbox', { name: /^Pick Parallel calls/ }).check();
  await compare.click();
  await expect(timeline.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');
  const heading = timeline.getByRole('region', { name: 'Kept runs side by side' });
  // The older run is A whichever was ticked first; each label says what it was and how it ended.
  await expect(heading).toContainText(/Side by side: Parallel calls.* and Timeout/);
  await expect(heading).toContainText(/A: Scenario · .+ · ok: final answer after 2 model calls/);
  await expect(heading).toContainText(/B: Scenario · .+ · ok: final answer/);
  await expect(heading).toContainText('Same run settings.');
  const figures = timeline.getByRole('table', { name: 'Figures per run' });
  const errorsOf = (letter: string) =>
    figures
      .getByRole('row', { name: new RegExp(`^${letter} · `) })
      .getByRole('cell')
      .nth(1);
  await expect(figures.getByRole('row', { name: /^A · Parallel calls/ })).toBeVisible();
  await expect(figures.getByRole('row', { name: /^B · Timeout/ })).toBeVisible();
  // Parallel calls ends without errors; Timeout's calls ran past their deadlines.
  await expect(errorsOf('A')).toHaveText(/^none/);
  await expect(errorsOf('B')).toHaveText(/\d+ timeout/);
  const results = timeline.getByRole('list', { name: /^Kept runs compared/ });
  await expect(results.getByRole('img', { name: /^A · Parallel calls.*: total / })).toBeVisible();
  await expect(results.getByRole('img', { name: /^B · Timeout.*: total / })).toBeAttached();
  if (screens) await page.screenshot({ path: `${screens}/runs-compared-${test.info().project.name}.png` });
  await timeline.getByRole('tab', { name: 'Runs' }).click();

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
