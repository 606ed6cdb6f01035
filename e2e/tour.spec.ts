import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { lessonOf, tourChapters } from '../src/tour/index.ts';
import type { TourChapter } from '../src/tour/index.ts';
import { sampleTools } from '../src/samples/tools/index.ts';
import { sampleScenarios } from '../src/samples/scenarios/index.ts';
import { openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

// Issues 9 and 13: the guided tour can be completed in a browser by following it as a new user would:
// open it, load each chapter's scenario, do the try-it step, wait for the tour's own check mark, go on.
// The card sits beside the region it points at, never on it; a chapter passes only on what the person
// did while it was open; the tour ends on a finish screen. The chapter texts come from the app's data.

test.describe.configure({ mode: 'default', timeout: 150_000 });

const regionId = (name: string) => `panel-${name.toLowerCase().replace(/\W+/g, '-')}`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

/** The card is beside its target (bounding boxes apart), whole on screen, and Back/Next show without scrolling. */
async function expectCardBesideTarget(page: Page, tour: Locator, what: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const screen = { x: 0, y: 0, ...viewport };
  // The card settles after a layout change (it is measured again on resize): poll until it has.
  await expect
    .poll(
      async () => {
        const target = page.locator('[data-tour-target]');
        const card = await tour.boundingBox();
        // The finish screen points at nothing: it only has to be whole on screen.
        const targetBox = (await target.count()) === 0 ? null : await target.boundingBox();
        return card !== null && (targetBox === null || !intersects(card, targetBox)) && inside(card, screen);
      },
      { message: `${what}: the card is on screen and off its target`, timeout: 5_000 },
    )
    .toBe(true);
  const card = (await tour.boundingBox())!;
  for (const button of await tour.getByRole('navigation', { name: 'Tour chapters' }).getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(inside(box, card) && inside(box, screen), `${what}: ${await button.textContent()} is in view`).toBe(true);
  }
}

/** Goes to a chapter through the card's "All chapters" list, as a returning user would. */
async function jumpTo(tour: Locator, index: number): Promise<void> {
  await tour.getByText('All chapters').click();
  await tour.getByRole('list', { name: 'Chapters' }).getByRole('button').nth(index).click();
  await tour.getByText('All chapters').click();
  await expect(tour.getByRole('heading', { name: tourChapters[index]!.title })).toBeVisible();
}

async function openTour(page: Page): Promise<Locator> {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: sampleTools[0]!.name })).toBeVisible();
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  return page.getByRole('dialog', { name: 'Guided tour' });
}

test('the tour card never covers its target, in its chapter’s layout and in both presets (at two sizes in the extended suite); checks wait for the action; the finish screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // Definition is on show before the tour starts: chapter 3 must not count it.
  await page.goto('/');
  await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'Definition' }).click();
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  const tour = page.getByRole('dialog', { name: 'Guided tour' });
  const status = tour.getByRole('status', { name: 'Chapter status' });

  // 1280×720 is the harder fit and runs in `npm test`; 1440×900 too in the extended suite (npm test's time budget).
  const sizes = process.env.E2E_ALL
    ? ([
        [1280, 720],
        [1440, 900],
      ] as const)
    : ([[1280, 720]] as const);
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    // Each chapter brings up its own layout (tour-fit.spec.ts checks it in detail); the person may still
    // pick Edit or Run while it is open, and the card then moves off its target.
    await jumpTo(tour, 0);
    for (const [index, chapter] of tourChapters.entries()) {
      await expect(tour.getByRole('heading', { name: chapter.title })).toBeVisible();
      await expect(page.locator('[data-tour-target]')).toHaveAttribute('aria-labelledby', regionId(chapter.target));
      await expectCardBesideTarget(page, tour, `${width}×${height}, chapter ${index + 1}`);
      for (const layout of ['Edit', 'Run'] as const) {
        await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: layout }).click();
        await expectCardBesideTarget(page, tour, `${width}×${height} ${layout}, chapter ${index + 1}`);
      }
      if (index < tourChapters.length - 1) await tour.getByRole('button', { name: 'Next' }).click();
    }
  }

  // Chapter 3: the tab already open did not pass it; opening it while the chapter shows does.
  await jumpTo(tour, 2);
  await expect(status).toHaveText('Not done yet');
  await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'Definition' }).click();
  await expect(status).toHaveText('✓ Done');

  // Chapter 10: Metrics opened with no run to measure is not enough; after a test call it is.
  await jumpTo(tour, 9);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('tab', { name: 'Metrics' }).click();
  await expect(status).toHaveText('Not done yet');
  await page.getByRole('region', { name: 'Test call' }).getByRole('button', { name: 'Run call' }).click();
  await expect(page.getByRole('table', { name: 'Metrics per tool' })).toBeVisible({ timeout: 45_000 });
  await expect(status).toHaveText('✓ Done');
  await expect(tour).toContainText(`2 of ${tourChapters.length} done`);

  await tour.getByRole('button', { name: 'Finish' }).click();
  const lessons = tour.getByRole('list', { name: 'What you learned' }).getByRole('listitem');
  await expect(lessons).toHaveCount(tourChapters.length);
  await expect(lessons.nth(2)).toContainText(lessonOf(tourChapters[2]!));
  await expect(lessons.nth(2)).toHaveAttribute('data-done', 'true');
  await expect(lessons.nth(0)).toHaveAttribute('data-done', 'false');
  await expectCardBesideTarget(page, tour, 'finish screen');
  await tour.getByRole('button', { name: 'Runs', exact: true }).click();
  await expect(tour).toBeHidden();
  await expect(timeline.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
});

/** The try-it step of a chapter, done the way its instruction says. */
async function tryIt(page: Page, chapter: TourChapter): Promise<void> {
  const tour = page.getByRole('dialog', { name: 'Guided tour' });
  if (chapter.scenarioName) {
    await tour.getByRole('button', { name: 'Load scenario' }).click();
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByRole('combobox', { name: 'Scenario' }).locator('option:checked')).toHaveText(chapter.scenarioName);
    if (chapter.tryIt.instruction.includes('press Compare')) {
      // The capacity chapter (issue 13) passes on a Compare of the scenario, with the default limits.
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await timeline.getByRole('tab', { name: 'Compare' }).click();
      await timeline.getByRole('button', { name: 'Compare', exact: true }).click();
      return;
    }
    await conversation.getByRole('button', { name: 'Run scenario' }).click();
    if (chapter.id === 'health-and-versions') await rollBackTheCanary(page);
    return;
  }
  if (chapter.target === 'Test call')
    await page.getByRole('region', { name: 'Test call' }).getByRole('button', { name: 'Run call' }).click();
  else if (chapter.target === 'Editor') await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'Definition' }).click();
  else if (chapter.id === 'metrics') {
    await page.getByRole('region', { name: 'Timeline' }).getByRole('tab', { name: 'Metrics' }).click();
    await expect(page.getByRole('table', { name: 'Metrics per tool' })).toBeVisible();
  } else throw new Error(`no try-it step written for chapter ${chapter.id}`);
}

/** Chapter 9: once v2's calls have failed, Rollback in flaky_api's Versions tab during the pause. */
async function rollBackTheCanary(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'flaky_api', exact: true }).click();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const lastRun = page.getByRole('table', { name: 'Last run by version' });
  await expect(lastRun.getByRole('cell', { name: 'v2', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Rollback' }).click();
}

/** Every chapter in order: its try-it step as its instruction says, the tour's own check mark, then Next. */
async function completeEveryChapter(page: Page, tour: Locator): Promise<void> {
  const status = tour.getByRole('status', { name: 'Chapter status' });
  for (const [index, chapter] of tourChapters.entries()) {
    await expect(tour.getByRole('heading', { name: chapter.title })).toBeVisible();
    await expect(tour).toContainText(`Chapter ${index + 1} of ${tourChapters.length}`);
    await expect(page.locator('[data-tour-target]')).toHaveAttribute('aria-labelledby', regionId(chapter.target));
    await expect(status).not.toHaveText('✓ Done');
    if (chapter.scenarioName)
      // Issue 27: a chapter shows its own run or none, never the one before's (chapter 7 showed chapter 6's Timeout run).
      await expect(
        page.getByRole('region', { name: 'Conversation' }).locator('.message-user').filter({ hasNotText: chapter.scenarioName }),
        `chapter ${index + 1} shows another chapter's run`,
      ).toHaveCount(0);
    await tryIt(page, chapter);
    await expect(status, `chapter ${chapter.id} is checked`).toHaveText('✓ Done', { timeout: index < 2 ? 60_000 : 30_000 });
    // The run switched the layout: the card moved with its target.
    await expectCardBesideTarget(page, tour, `chapter ${index + 1} after its step`);
    await tour.getByRole('button', { name: index < tourChapters.length - 1 ? 'Next' : 'Finish' }).click();
  }
}

test('a new user completes the guided tour, and the progress survives a reload', { tag: '@extended' }, async ({ page }) => {
  // No wait for every tool to show "valid": a new user does not wait either, and runs wait for the
  // sandbox to compile their tools themselves. The first checks get the longer budget that start-up needs.
  const tour = await openTour(page);
  const status = tour.getByRole('status', { name: 'Chapter status' });
  await expect(tour).toContainText(`0 of ${tourChapters.length} done`);
  await completeEveryChapter(page, tour);
  await expect(tour.getByRole('heading', { name: 'Tour complete: what you learned' })).toBeVisible();
  await expect(tour).toContainText(`${tourChapters.length} of ${tourChapters.length} chapters done`);

  await page.reload();
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  await expect(tour.getByRole('heading', { name: 'Tour complete: what you learned' })).toBeVisible();
  await tour.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(tour).toContainText(
    `Chapter ${tourChapters.length} of ${tourChapters.length} · ${tourChapters.length} of ${tourChapters.length} done`,
  );
  await expect(status).toHaveText('✓ Done');
});

// Issue 24: a lesson's setup is for its own run only, so running every scenario first (the Canary among them)
// leaves nothing that stops a chapter: before, chapter 4 could no longer be done after the Canary had run.
test('after every scenario has run once, every chapter of the tour can still be done, in order', { tag: '@extended' }, async ({ page }) => {
  // The mixed Python scenario (issue 31) loads Pyodide on its first run: a minute or two more under load.
  test.setTimeout(540_000);
  await openWithToolsReady(page);
  for (const scenario of sampleScenarios) {
    await runScenario(page, scenario.name);
    await waitForRunEnd(page);
  }
  await page.getByRole('button', { name: 'Tour', exact: true }).click();
  const tour = page.getByRole('dialog', { name: 'Guided tour' });
  await completeEveryChapter(page, tour);
  await expect(tour).toContainText(`${tourChapters.length} of ${tourChapters.length} chapters done`);
});
