import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { openWithToolsReady } from './timeline-helpers.ts';

// Issue 27, point 5, in the browser: the timeout lesson's labels ("stopped … after the deadline", "killed
// 2 s after the deadline") are drawn where the placement put them, and no text is painted over a bar. The
// unit test (label-placement.test.ts) checks the placement over every scenario; this proves the canvas
// draws that placement, by reading the frame's boxes (test builds expose them) and the canvas pixels.
test.describe.configure({ timeout: 120_000 });

type Box = [number, number, number, number];
interface Frame {
  labels: { kind: string; text: string; box: Box }[];
  obstacles: { kind: string; box: Box }[];
  width: number;
  height: number;
}

/** Picks and runs a scenario from the picker on screen (the conversation's, or presenter mode's top bar). */
async function runScenario(page: Page, namePrefix: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Scenario' }).first();
  await expect(picker.locator('option', { hasText: namePrefix })).toHaveCount(1);
  const label = (await picker.locator('option', { hasText: namePrefix }).textContent()) ?? '';
  await picker.selectOption({ label });
  await page.getByRole('button', { name: 'Run scenario' }).first().click();
}

const frameOf = (page: Page) => page.evaluate(() => window.__toolscopeTimelineFrame as unknown as Frame);

const intersects = (first: Box, second: Box) =>
  first[0] < second[0] + second[2] &&
  second[0] < first[0] + first[2] &&
  first[1] < second[1] + second[3] &&
  second[1] < first[1] + first[3];

/** Pixels inside a box (CSS px) that differ clearly from the colour at the box's surroundings, from the canvas. */
async function inkIn(page: Page, box: Box, colour: 'text' | 'any'): Promise<number> {
  return page.evaluate(
    ([[left, top, width, height], wanted]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[aria-label="Timeline chart"] canvas');
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return -1;
      const ratio = canvas.width / canvas.clientWidth;
      const data = context.getImageData(
        Math.round(left * ratio),
        Math.round(top * ratio),
        Math.max(1, Math.round(width * ratio)),
        Math.max(1, Math.round(height * ratio)),
      ).data;
      // The palette's text colour, as the chart reads it (a hex CSS variable).
      const hex = getComputedStyle(canvas).getPropertyValue('--text').trim().replace('#', '');
      const textColour = [0, 2, 4].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
      const background = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
      let count = 0;
      for (let index = 0; index < data.length; index += 4) {
        const pixel = [data[index] ?? 0, data[index + 1] ?? 0, data[index + 2] ?? 0];
        const near = (target: number[]) => target.every((value, channel) => Math.abs(value - (pixel[channel] ?? 0)) < 40);
        if (wanted === 'text' ? near(textColour) : !near(background)) count++;
      }
      return count;
    },
    [box, colour] as const,
  );
}

for (const presenting of [false, true])
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ])
    test(`timeout lesson at ${size.width}×${size.height}${presenting ? ', presenter mode' : ''}: labels drawn where placed, none over a bar`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await openWithToolsReady(page);
      if (presenting) await page.getByRole('button', { name: 'Present' }).click();
      await runScenario(page, 'Timeout');
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: /after \d+ model call/ })
          .first(),
      ).toBeVisible({ timeout: 30_000 });
      // Wait until no ghost is still running. stubborn_task ignores its signal, so it is killed 2 s after its
      // deadline on any machine. slow_report stops when the abort reaches its worker and comes back: on a
      // quiet machine within milliseconds ("stopped 4 ms after the deadline"), on a loaded one that round trip
      // can outlast the grace and it is killed too. Both are what happened; this spec checks where the words
      // are drawn, not which of them the machine's load chose.
      const ghostTexts = async () => (await frameOf(page)).labels.filter((label) => label.kind === 'ghost').map((label) => label.text);
      await expect.poll(async () => (await ghostTexts()).join(' | '), { timeout: 20_000 }).toMatch(/(^| \| )(killed|\+\d+(\.\d+)? s( |$))/);
      await expect.poll(async () => (await ghostTexts()).some((text) => /running/.test(text)), { timeout: 20_000 }).toBe(false);
      const frame = await frameOf(page);
      const ghostLabels = frame.labels.filter((label) => label.kind === 'ghost');
      test.info().annotations.push({ type: 'ghost labels', description: ghostLabels.map((label) => label.text).join(' | ') });
      expect(ghostLabels.length).toBeGreaterThan(0);
      for (const label of ghostLabels) expect(label.text).toMatch(/^(stopped|killed|\+)/);
      for (const label of frame.labels) {
        for (const obstacle of frame.obstacles)
          expect(intersects(label.box, obstacle.box), `"${label.text}" over a ${obstacle.kind}`).toBe(false);
        // Ink where the label was placed: the canvas drew it there.
        expect(await inkIn(page, label.box, 'any'), `"${label.text}" drawn at its box`).toBeGreaterThan(10);
      }
      // And no text-coloured ink inside any bar: nothing was painted over one.
      for (const obstacle of frame.obstacles.filter((candidate) => candidate.kind === 'bar' || candidate.kind === 'ghost'))
        expect(await inkIn(page, obstacle.box, 'text'), `text over a bar at ${obstacle.box.join(',')}`).toBe(0);
    });
