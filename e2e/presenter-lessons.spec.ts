import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { screens } from './screens.ts';
import { openWithToolsReady } from './timeline-helpers.ts';

// Issue 27, point 7: presenter mode covers every lesson at 1280×720: the timeline, Compare (enlarged),
// a tool's Versions with Rollback, the tour card, all at 20 px or more; the conversation strip folds away
// and the timeline then takes at least 90 % of the width. Light in the core suite, dark with the extended
// one; each test leaves a screenshot of what the room sees (SCREENS_DIR collects them).

test.describe.configure({ timeout: 180_000 });

const presenter = (page: Page) => page.getByRole('main', { name: 'Presenter view' });

async function present(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Present', exact: true }).click();
  await expect(presenter(page)).toBeVisible();
}

/** Picks a scenario in presenter mode's bar and runs it to its end (Run scenario is enabled again). */
async function runInPresenter(page: Page, namePrefix: string): Promise<void> {
  const picker = presenter(page).getByRole('combobox', { name: 'Scenario' });
  const labels = await picker.locator('option').allTextContents();
  const label = labels.find((candidate) => candidate.startsWith(namePrefix));
  if (!label) throw new Error(`No scenario starting with "${namePrefix}" in ${labels.join(', ')}`);
  await picker.selectOption({ label });
  const run = presenter(page).getByRole('button', { name: 'Run scenario' });
  await run.click();
  await expect(run).toBeEnabled({ timeout: 60_000 });
}

/** The smallest font size (px) of any visible text inside `area`. */
async function smallestText(area: Locator): Promise<number> {
  return area.evaluate((root) => {
    let smallest = Infinity;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || (node.textContent ?? '').trim() === '') continue;
      const { width, height } = element.getBoundingClientRect();
      // Text only a screen reader gets (visually-hidden) is 1 px on purpose.
      if (width <= 1 || height <= 1 || element.closest('[hidden], .visually-hidden')) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(element).fontSize));
    }
    return smallest;
  });
}

async function shoot(page: Page, name: string, colorScheme: string): Promise<void> {
  await page.screenshot({ path: `${screens}/presenter-${name}-${colorScheme}.png` });
}

for (const { colorScheme, tag } of [
  { colorScheme: 'light' as const, tag: [] },
  { colorScheme: 'dark' as const, tag: ['@extended'] },
])
  test.describe(colorScheme, () => {
    test.use({ viewport: { width: 1280, height: 720 }, colorScheme });

    test('Fan-out: the strip folds away and the timeline takes 90 % of the width', { tag }, async ({ page }) => {
      await openWithToolsReady(page);
      await present(page);
      await runInPresenter(page, 'Fan-out');
      await expect(presenter(page).getByRole('region', { name: 'Conversation' }).locator('.message-assistant').last()).toBeVisible();
      await shoot(page, 'fan-out', colorScheme);
      const fold = presenter(page).getByRole('button', { name: 'Conversation', exact: true });
      await fold.click();
      await expect(fold).toHaveAttribute('aria-pressed', 'false');
      await expect(presenter(page).getByRole('region', { name: 'Conversation' })).toHaveCount(0);
      const timeline = (await presenter(page).getByRole('region', { name: 'Timeline' }).boundingBox())!;
      expect(timeline.width / 1280).toBeGreaterThanOrEqual(0.9);
      await shoot(page, 'fan-out-folded', colorScheme);
    });

    test('Timeout with Compare: the three strategies apart, at 20 px', { tag }, async ({ page }) => {
      await openWithToolsReady(page);
      await present(page);
      await runInPresenter(page, 'Timeout');
      await shoot(page, 'timeout', colorScheme);
      const timeline = presenter(page).getByRole('region', { name: 'Timeline' });
      await timeline.getByRole('tab', { name: 'Compare' }).click();
      for (const label of ['Concurrency 1', 'Concurrency 3', 'Unlimited concurrency']) await timeline.getByLabel(label).uncheck();
      for (const label of ['Timeout: race only', 'Timeout: abort signal', 'Timeout: abort, then kill'])
        await timeline.getByLabel(label).check();
      await timeline.getByRole('button', { name: 'Compare', exact: true }).click();
      const table = timeline.getByRole('table', { name: 'Figures per variant' });
      await expect(table.getByRole('row')).toHaveCount(4, { timeout: 60_000 });
      await expect(table.getByRole('cell', { name: '–', exact: true })).toHaveCount(0, { timeout: 60_000 });
      // The columns that tell the strategies apart are on screen, not scrolled off the table's right.
      for (const name of ['Work past deadlines', 'Longest zombie', 'Kills'])
        await expect(table.getByRole('columnheader', { name })).toBeInViewport();
      // Race only leaves the most work running; abort, then kill the least (★) and the only kill.
      const kill = table.getByRole('row', { name: /^Timeout: abort, then kill/ });
      await expect(kill.getByRole('cell').nth(6)).toContainText('★');
      await expect(kill.getByRole('cell').nth(8)).toHaveText('1');
      // The timeout the calls really had: the tools' own 3 s, not the run's 5 s.
      await expect(timeline.getByText("timeout 3000 ms (the tools' own)").first()).toBeVisible();
      await expect(timeline.getByText('timeout 5000 ms')).toHaveCount(0);
      expect(await smallestText(timeline.locator('.compare-view'))).toBeGreaterThanOrEqual(20);
      await table.scrollIntoViewIfNeeded();
      await shoot(page, 'timeout-compare', colorScheme);
    });

    test('Inventory burst with Compare, at 20 px', { tag }, async ({ page }) => {
      await openWithToolsReady(page);
      await present(page);
      await runInPresenter(page, 'Inventory');
      await shoot(page, 'inventory', colorScheme);
      const timeline = presenter(page).getByRole('region', { name: 'Timeline' });
      await timeline.getByRole('tab', { name: 'Compare' }).click();
      await timeline.getByRole('button', { name: 'Compare', exact: true }).click();
      const table = timeline.getByRole('table', { name: 'Figures per variant' });
      await expect(table.getByRole('cell', { name: '–', exact: true })).toHaveCount(0, { timeout: 90_000 });
      await expect(table.getByText('★').first()).toBeVisible();
      expect(await smallestText(timeline.locator('.compare-view'))).toBeGreaterThanOrEqual(20);
      await shoot(page, 'inventory-compare', colorScheme);
    });

    test('Canary with Rollback from the Versions panel, at 20 px', { tag }, async ({ page }) => {
      await openWithToolsReady(page);
      await present(page);
      await presenter(page).getByRole('button', { name: 'Versions', exact: true }).click();
      const versions = presenter(page).getByRole('region', { name: 'Versions' });
      await versions.getByRole('combobox', { name: 'Tool' }).selectOption({ label: 'flaky_api' });
      const picker = presenter(page).getByRole('combobox', { name: 'Scenario' });
      const label = (await picker.locator('option').allTextContents()).find((candidate) => candidate.startsWith('Canary'))!;
      await picker.selectOption({ label });
      await presenter(page).getByRole('button', { name: 'Run scenario' }).click();
      // The canary deploys v2 and its calls fail; the model then pauses: Rollback is in reach beside the chart.
      await expect(versions.getByRole('table', { name: 'Last run by version' }).getByRole('cell', { name: 'v2', exact: true })).toBeVisible(
        {
          timeout: 45_000,
        },
      );
      const rollback = versions.getByRole('button', { name: 'Rollback', exact: true });
      await expect(rollback).toBeInViewport();
      expect(await smallestText(versions)).toBeGreaterThanOrEqual(20);
      await shoot(page, 'canary-versions', colorScheme);
      await rollback.click();
      await expect(versions.getByRole('radio', { name: '0%', exact: true })).toBeChecked();
      await expect(presenter(page).getByRole('button', { name: 'Run scenario' })).toBeEnabled({ timeout: 60_000 });
      await shoot(page, 'canary-rolled-back', colorScheme);
    });

    test('the tour card docks beside the chart, at 20 px', { tag }, async ({ page }) => {
      await openWithToolsReady(page);
      await present(page);
      await presenter(page).getByRole('button', { name: 'Tour', exact: true }).click();
      const card = page.getByRole('dialog', { name: 'Guided tour' });
      await expect(card).toBeInViewport();
      expect(await smallestText(card)).toBeGreaterThanOrEqual(20);
      const chart = (await presenter(page).getByRole('region', { name: 'Timeline' }).boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(cardBox.x).toBeGreaterThanOrEqual(chart.x + chart.width - 1);
      await shoot(page, 'tour-card', colorScheme);
    });
  });
