import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { tourChapters, type TourAction, type TourChapter } from '../src/tour/index.ts';
import { screens } from './screens.ts';

// Issue 27, point 6: the tour in front of a class, at 1280×720 (and 1440×900). Each chapter brings up the
// view it needs; its card never covers what it points at, the control it asks you to use or what you
// watch; no text of the card is clipped; and after the step the result it talks about is on screen,
// uncovered: the unknown_tool row, what the test call sent to the model, the failed send_email's status,
// Compare's table, Rollback within the canary's 4 s pause, the Metrics table.

test.describe.configure({ mode: 'default', timeout: 240_000 });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

function actionLocator(page: Page, action: TourAction): Locator {
  return region(page, action.region).getByRole(action.role, { name: action.name, exact: true });
}

/**
 * On screen, not under the card, not scrolled out of its panel: the element at its centre is itself (or
 * inside it), and its box is inside the viewport.
 */
async function expectUncovered(page: Page, locator: Locator, card: Box, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(inside(box, { x: 0, y: 0, ...viewport }), `${what} is inside the screen`).toBe(true);
  expect(intersects(box, card), `${what} is not under the card`).toBe(false);
  const onTop = await locator.evaluate((element) => {
    const { left, top, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(onTop, `${what} is what the pointer would reach`).toBe(true);
}

/** The card has settled (it is measured again after a layout change) and shows all its text. */
async function settledCard(page: Page, tour: Locator, what: string): Promise<Box> {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await tour.boundingBox());
        const same = box === last;
        last = box;
        return same;
      },
      { message: `${what}: the card settles`, intervals: [150, 150, 300, 500] },
    )
    .toBe(true);
  const clipped = await tour.evaluate((card) =>
    [...card.querySelectorAll('.tour-card-lesson, .tour-card-act')].flatMap((part) =>
      part.scrollHeight > part.clientHeight + 1 || part.scrollWidth > part.clientWidth + 1 ? [part.className] : [],
    ),
  );
  expect(clipped, `${what}: no text of the card is clipped`).toEqual([]);
  return (await tour.boundingBox())!;
}

async function expectChapterFits(page: Page, tour: Locator, chapter: TourChapter, what: string): Promise<Box> {
  const card = await settledCard(page, tour, what);
  const viewport = page.viewportSize()!;
  expect(inside(card, { x: 0, y: 0, ...viewport }), `${what}: the card is on screen`).toBe(true);
  for (const name of [chapter.target, ...(chapter.watch ?? [])]) {
    const box = (await region(page, name).boundingBox())!;
    expect(intersects(card, box), `${what}: the card is off ${name}`).toBe(false);
  }
  // Rollback exists only once v2 does (the run deploys it): checked during the run.
  for (const action of chapter.actions)
    if ((await actionLocator(page, action).count()) > 0)
      await expectUncovered(page, actionLocator(page, action), card, `${what}: ${action.name}`);
  return card;
}

/** A table cell shows all its text: not cut off by its column or scrolled out of the table's pane. */
async function expectCellWhole(cell: Locator, pane: Locator, what: string): Promise<void> {
  const box = (await cell.boundingBox())!;
  const paneBox = (await pane.boundingBox())!;
  expect(inside(box, paneBox), `${what}: the cell is inside its pane`).toBe(true);
  expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), `${what}: no text cut`).toBe(true);
}

async function runAndWait(page: Page): Promise<void> {
  const conversation = region(page, 'Conversation');
  await conversation.getByRole('button', { name: 'Run scenario' }).click();
  await expect(conversation.getByRole('button', { name: 'Run scenario' })).toBeEnabled({ timeout: 60_000 });
}

async function walk(page: Page, size: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme });
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'checking…' })).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  const tour = page.getByRole('dialog', { name: 'Guided tour' });
  const status = tour.getByRole('status', { name: 'Chapter status' });
  const timeline = region(page, 'Timeline');
  const callsPane = timeline.getByRole('region', { name: 'Calls table' });
  for (const [index, chapter] of tourChapters.entries()) {
    const what = `${size.width}×${size.height}, chapter ${index + 1}`;
    await expect(tour.getByRole('heading', { name: chapter.title })).toBeVisible();
    if (chapter.scenarioName) await tour.getByRole('button', { name: 'Load scenario' }).click();
    let card = await expectChapterFits(page, tour, chapter, what);
    switch (chapter.id) {
      case 'naive-chain':
      case 'validation-errors':
      case 'execution-errors': {
        await runAndWait(page);
        card = await expectChapterFits(page, tour, chapter, `${what} after the run`);
        const failed = { 'naive-chain': 'get_stock_price', 'validation-errors': 'lookup_user', 'execution-errors': 'send_email' }[
          chapter.id
        ];
        const row = callsPane.locator('tbody tr', { has: page.getByRole('button', { name: failed, exact: true }) }).first();
        await expectUncovered(page, row.locator('td').nth(1), card, `${what}: ${failed}'s status`);
        await expectCellWhole(row.locator('td').nth(1), callsPane, `${what}: ${failed}'s status`);
        await expect(row.locator('td').nth(1)).toContainText(/unknown tool|invalid arguments|execution error|error/);
        break;
      }
      case 'four-duties': {
        await actionLocator(page, chapter.actions[0]!).click();
        const sent = region(page, 'Test call').getByText('Sent to the model');
        await expect(sent).toBeVisible({ timeout: 60_000 });
        await expectUncovered(page, region(page, 'Test call').locator('pre.model-text'), card, `${what}: what was sent to the model`);
        break;
      }
      case 'registration':
      case 'metrics':
        await actionLocator(page, chapter.actions[0]!).click();
        if (chapter.id === 'metrics')
          await expectUncovered(page, page.getByRole('table', { name: 'Metrics per tool' }), card, `${what}: the metrics`);
        break;
      case 'timeouts':
      case 'retries':
        await runAndWait(page);
        card = await expectChapterFits(page, tour, chapter, `${what} after the run`);
        await expectUncovered(page, callsPane.locator('tbody tr').first().locator('td').first(), card, `${what}: the first call`);
        break;
      case 'parallel-calls': {
        await actionLocator(page, chapter.actions[0]!).click();
        const table = timeline.getByRole('table', { name: /^Figures per/ });
        await expect(table).toBeVisible({ timeout: 60_000 });
        await expect(status).toHaveText('✓ Done', { timeout: 90_000 });
        await expectUncovered(page, table, card, `${what}: Compare's table`);
        break;
      }
      case 'health-and-versions': {
        await region(page, 'Conversation').getByRole('button', { name: 'Run scenario' }).click();
        // The canary's first calls fail, then the model pauses 4 s: Rollback must be in view and reachable then.
        const lastRun = page.getByRole('table', { name: 'Last run by version' });
        await expect(lastRun.getByRole('cell', { name: 'v2', exact: true })).toBeVisible({ timeout: 45_000 });
        const rollback = actionLocator(page, chapter.actions[1]!);
        await expectUncovered(page, rollback, card, `${what}: Rollback during the pause`);
        await expectUncovered(
          page,
          region(page, 'Tools').getByRole('button', { name: 'flaky_api', exact: true }),
          card,
          `${what}: flaky_api`,
        );
        await rollback.click();
        await expect(status).toHaveText('✓ Done', { timeout: 60_000 });
        break;
      }
    }
    // What the class sees once the chapter's step is done.
    await page.screenshot({ path: `${screens}/tour-${size.width}x${size.height}-${colorScheme}-chapter-${index + 1}.png` });
    if (index < tourChapters.length - 1) await tour.getByRole('button', { name: 'Next' }).click();
  }
}

test('the tour at 1280×720: each chapter brings up its view; card off target, controls and results; no clipped text', async ({ page }) => {
  await walk(page, { width: 1280, height: 720 });
});

test('the tour at 1280×720 in the dark: the same', { tag: '@extended' }, async ({ page }) => {
  await walk(page, { width: 1280, height: 720 }, 'dark');
});

test('the tour at 1440×900: the same', { tag: '@extended' }, async ({ page }) => {
  await walk(page, { width: 1440, height: 900 });
});
