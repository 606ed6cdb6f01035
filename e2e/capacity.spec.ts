import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openWithToolsReady } from './timeline-helpers.ts';
import { screens } from './screens.ts';

// Issue 13, part 2: concurrency limits, shown as a viewer sees them. inventory_api calls a simulated
// inventory service of capacity 4 in the host page (through ctx.fetch, from sandboxed workers); the
// Inventory burst scenario sends it sixteen calls at once. Compare, with its default choice of limits
// (1, 3, unlimited), must rank the middle limit best on errors and p95 in its figures table.
test.describe.configure({ timeout: 90_000 });

/** The figures table's cells of one variant, by column heading. */
async function figuresOf(page: Page, variant: string): Promise<Record<string, string>> {
  const table = page.getByRole('table', { name: 'Figures per variant' });
  const headings = await table.getByRole('columnheader').allTextContents();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: variant, exact: true }) });
  const cells = await row.getByRole('cell').allTextContents();
  return Object.fromEntries(cells.map((text, index) => [headings[index + 1] ?? `column ${index + 1}`, text]));
}

/** Milliseconds from "2.5 s" or "750 ms", whatever marks follow. */
function milliseconds(text: string | undefined): number {
  const match = /([\d.]+) (ms|s)/.exec(text ?? '');
  if (!match) throw new Error(`no duration in "${text}"`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

async function compareInventoryBurst(page: Page): Promise<void> {
  await openWithToolsReady(page);
  const picker = page.getByRole('region', { name: 'Conversation' }).getByRole('combobox', { name: 'Scenario' });
  const label = (await picker.locator('option').allTextContents()).find((candidate) => candidate.startsWith('Inventory burst'));
  if (!label) throw new Error('no Inventory burst scenario');
  await picker.selectOption({ label });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('tab', { name: 'Compare' }).click();
  for (const variant of ['Concurrency 1', 'Concurrency 3', 'Unlimited concurrency'])
    await expect(timeline.getByRole('checkbox', { name: variant })).toBeChecked();
  await timeline.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(timeline.getByRole('list', { name: /^Comparison of Inventory burst/ }).getByRole('listitem')).toHaveCount(3);
  // The button comes back when the last variant has run.
  await expect(timeline.getByRole('button', { name: 'Compare', exact: true })).toBeVisible({ timeout: 45_000 });
}

test('Compare on the inventory burst ranks the limit near capacity best on errors and p95', async ({ page }) => {
  await compareInventoryBurst(page);
  const one = await figuresOf(page, 'Concurrency 1');
  const three = await figuresOf(page, 'Concurrency 3');
  const unlimited = await figuresOf(page, 'Unlimited concurrency');

  // Unlimited: the burst overruns the service; 429s, retried together after Retry-After, some fail for good.
  expect(unlimited['Errors']).toMatch(/^\d+ execution_error$/);
  expect(Number(unlimited['Retries'])).toBeGreaterThan(0);
  expect(unlimited['Peak in flight']).toBe('16');
  // Concurrency 1: nothing fails, everything queues.
  expect(one['Peak in flight']).toBe('1');
  expect(milliseconds(one['p95 call'])).toBeGreaterThan(milliseconds(three['p95 call']));
  // The middle limit is marked best on errors (tied with 1), retries, total time and p95.
  for (const column of ['Errors', 'Retries', 'Total', 'p95 call']) expect(three[column], column).toContain('★');
  for (const column of ['Total', 'p95 call']) {
    expect(one[column], column).not.toContain('★');
    expect(unlimited[column], column).not.toContain('★');
  }
  expect(milliseconds(three['p95 call'])).toBeLessThan(milliseconds(unlimited['p95 call']));
  expect(milliseconds(three['Total'])).toBeLessThan(Math.min(milliseconds(one['Total']), milliseconds(unlimited['Total'])));
  await page.getByRole('table', { name: 'Figures per variant' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screens}/capacity-compare-1440.png` });
  const accessibility = await new AxeBuilder({ page }).include('.compare-figures').analyze();
  expect(accessibility.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual(
    [],
  );
});

test.describe('at 1280×720 in dark mode', () => {
  test.use({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });

  test('the figures table shows every column beside the stacked timelines', { tag: '@extended' }, async ({ page }) => {
    await compareInventoryBurst(page);
    const table = page.getByRole('table', { name: 'Figures per variant' });
    await table.scrollIntoViewIfNeeded();
    const box = await table.boundingBox();
    // Every column is on screen: nothing cut off on the right at this size.
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    await expect(table.getByRole('row')).toHaveCount(4);
    await page.screenshot({ path: `${screens}/capacity-compare-dark-1280.png` });
  });
});
