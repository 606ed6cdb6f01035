// Issue 14: a timeline you can read from the back of a room. Presenter mode, key-argument labels,
// chip <-> call selection, the inspector's sections, the tooltip near the edges.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { screens } from './screens.ts';
import { callsTable, openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });

const chart = (page: Page) => page.getByRole('group', { name: 'Timeline chart' });
const strip = (page: Page) => page.getByRole('main', { name: 'Presenter view' }).getByRole('region', { name: 'Conversation' });

async function seriousViolations(page: Page, include: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

/** Every tooltip shown while the pointer sweeps the chart's lower right quarter (a 48×24 px grid, finer than a row) lies inside the window; returns their texts. */
async function expectTooltipsInside(page: Page): Promise<string[]> {
  const texts: string[] = [];
  const box = (await chart(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  let seen = 0;
  for (let y = box.y + box.height * 0.5; y < box.y + box.height - 4; y += 24)
    for (let x = box.x + box.width * 0.55; x < box.x + box.width - 4; x += 48) {
      await page.mouse.move(x, y);
      const tooltip = page.getByRole('tooltip');
      if ((await tooltip.count()) === 0) continue;
      const placed = (await tooltip.boundingBox())!;
      seen++;
      texts.push(await tooltip.innerText());
      expect(placed.x).toBeGreaterThanOrEqual(0);
      expect(placed.y).toBeGreaterThanOrEqual(0);
      expect(placed.x + placed.width).toBeLessThanOrEqual(viewport.width);
      expect(placed.y + placed.height).toBeLessThanOrEqual(viewport.height);
    }
  expect(seen, 'tooltips seen near the bottom right').toBeGreaterThan(0);
  return texts;
}

const regions = /argument\s+(Nordics|Benelux|Iberia|Italy|France|Germany|Poland|Baltics|Balkans|Ireland)\b/;

// 1280×720 is the harder fit and runs in `npm test`; 1440×900 with the extended suite.
for (const { size, tag } of [
  { size: { width: 1280, height: 720 }, tag: [] },
  { size: { width: 1440, height: 900 }, tag: ['@extended'] },
]) {
  test(
    `presenter mode at ${size.width}x${size.height}: the whole fan-out at 2x, chip and call selected together`,
    { tag },
    async ({ page }) => {
      await page.setViewportSize(size);
      await openWithToolsReady(page);
      await runScenario(page, 'Fan-out');
      await waitForRunEnd(page);
      // The Run layout (taken when the run started) keeps the conversation's messages in view, not only its
      // controls: stacked above the timeline at 1280×720 the transcript had no height left.
      const transcript = page.getByRole('region', { name: 'Conversation' }).getByLabel('Transcript');
      expect((await transcript.boundingBox())!.height).toBeGreaterThanOrEqual(300);
      await expect(transcript.locator('.message-assistant').last()).toBeInViewport({ ratio: 0.25 });
      await page.keyboard.press('p');

      const presenter = page.getByRole('main', { name: 'Presenter view' });
      await expect(presenter).toBeVisible();
      await expect(page.getByRole('region', { name: 'Editor' })).toBeHidden();
      // Text drawn at 24 px, and every row (model, two iterations, ten calls) with the lanes above fits: no scrolling.
      expect(Number(await chart(page).getAttribute('data-row-font-px'))).toBeGreaterThanOrEqual(20);
      const { scrollHeight, clientHeight } = await chart(page).evaluate((element) => ({
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
      }));
      expect(scrollHeight).toBeLessThanOrEqual(clientHeight);

      // Stepping through the calls selects each one's chip in the strip, and the chart never has to scroll.
      await chart(page).focus();
      for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowDown');
      await expect(strip(page).getByRole('button', { pressed: true })).toContainText('Ireland');
      expect(await chart(page).evaluate((element) => element.scrollTop)).toBe(0);
      await page.screenshot({ path: `${screens}/presenter-${size.width}.png` });

      // And the other way: a chip selects its call (the inspector, folded in presenter mode, shows it).
      await strip(page)
        .getByRole('button', { name: /Iberia/ })
        .click();
      await presenter.getByRole('button', { name: 'Inspector' }).click();
      await expect(presenter.getByRole('region', { name: 'Inspector' }).getByLabel('Arguments')).toContainText('Q3 sales in Iberia');
      await expectTooltipsInside(page);
      expect(await seriousViolations(page, 'main.presenter')).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(presenter).toBeHidden();
      await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
    },
  );
}

test('Esc leaves presenter mode without stopping the run it shows', { tag: '@extended' }, async ({ page }) => {
  await openWithToolsReady(page);
  await page.getByRole('button', { name: 'Present' }).click();
  const presenter = page.getByRole('main', { name: 'Presenter view' });
  await presenter.getByRole('combobox', { name: 'Speed', exact: true }).selectOption({ label: '⅕× speed' });
  const picker = presenter.getByRole('combobox', { name: 'Scenario' });
  const label = (await picker.locator('option').allTextContents()).find((text) => text.startsWith('Fan-out'))!;
  await picker.selectOption({ label });
  await presenter.getByRole('button', { name: 'Run scenario' }).click();
  await expect(
    strip(page)
      .getByRole('button', { name: /slow_report/ })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(presenter).toBeHidden();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('button', { name: 'Stop' })).toBeEnabled();
  await waitForRunEnd(page);
});

test(
  'workbench at 1280x720: labels by argument, chip <-> row, inspector sections readable, toolbar on one line',
  { tag: '@extended' },
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openWithToolsReady(page);
    await runScenario(page, 'Fan-out');
    await waitForRunEnd(page);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const toolbar = timeline.getByRole('toolbar', { name: 'Timeline controls' });
    const toolbarHeight = (await toolbar.boundingBox())!.height;

    // A chip in the conversation selects its row in the table (and the chart) and opens the inspector.
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await conversation.getByRole('button', { name: /Benelux/ }).click();
    await expect(callsTable(page).locator('tbody tr[aria-selected="true"]')).toHaveCount(1);
    const inspector = timeline.getByRole('region', { name: 'Inspector' });
    await expect(inspector.getByLabel('Arguments')).toContainText('Q3 sales in Benelux');
    // The other way: a row of the table highlights its chip.
    await callsTable(page).locator('tbody tr').nth(6).click();
    const selectedChip = conversation.getByRole('button', { pressed: true });
    await expect(selectedChip).toHaveCount(1);
    const topic = /"topic":\s*"([^"]+)"/.exec((await inspector.getByLabel('Arguments').textContent()) ?? '')?.[1];
    expect((await selectedChip.textContent()) ?? '').toContain(topic ?? 'no topic');

    // Opening the inspector did not wrap the toolbar, and its sections are readable, not slivers.
    expect((await toolbar.boundingBox())!.height).toBe(toolbarHeight);
    for (const section of ['Arguments', 'Result', 'Sent to the model'])
      expect((await inspector.getByLabel(section, { exact: true }).boundingBox())!.height, section).toBeGreaterThanOrEqual(60);
    await page.screenshot({ path: `${screens}/workbench-1280-inspector.png` });
    // The row labels carry the key argument; the tooltip names it too.
    expect((await expectTooltipsInside(page)).some((text) => regions.test(text))).toBe(true);
    expect(await seriousViolations(page, 'section[aria-labelledby="panel-timeline"]')).toEqual([]);
    expect(await seriousViolations(page, 'section[aria-labelledby="panel-conversation"]')).toEqual([]);
  },
);
