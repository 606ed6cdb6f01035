// Issue 12, defect 1: a half-typed line of code froze the tab for good (a markers feedback loop).
// People type one key at a time, so every state in between is a syntax error: these tests type.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectClickAnswers, expectIdle, installProbe, readIdle } from './responsiveness.ts';

const toolList = (page: Page) => page.getByRole('region', { name: 'Tools' });
const selectTool = (page: Page, name: string) => toolList(page).getByRole('button', { name, exact: true }).click();
const problems = (page: Page) => page.getByRole('region', { name: 'Problems' });

/** Puts the caret at the end of an editor's text, as a click below the last line would. */
async function caretAtEnd(page: Page, label: string) {
  await page.getByRole('textbox', { name: label }).focus();
  await page.keyboard.press('ControlOrMeta+End');
}

test.beforeEach(async ({ page }) => {
  // Each idle reading first waits for the page to settle, up to 15 s on a busy machine.
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(toolList(page).getByRole('img', { name: 'checking…' })).toHaveCount(0, { timeout: 60_000 });
  await installProbe(page);
});

test('a syntax error typed into Code is reported, and the page stays responsive and idle', async ({ page }) => {
  await selectTool(page, 'get_weather');
  await page.getByRole('tab', { name: 'Code' }).click();
  await caretAtEnd(page, 'Code editor');
  await page.keyboard.press('Enter');
  await page.keyboard.type('const x = (;', { delay: 40 });
  await expect(problems(page).getByRole('button').filter({ hasText: 'sandbox' }).first()).toBeVisible({ timeout: 30_000 });
  // TypeScript's own diagnostic lands seconds later on a busy machine (its worker checks the whole file):
  // wait for it, so the idle window below measures the app, not the last keystroke's late answer.
  await expect(problems(page).getByRole('button').filter({ hasText: 'Expression expected' }).first()).toBeVisible({ timeout: 30_000 });
  // Out of the editor, so only the app (not a caret) could change the page.
  await page.getByRole('tab', { name: 'Code' }).focus();
  expectIdle(await readIdle(page));

  // Switching away and back re-mounts the editor with the error still there.
  await expectClickAnswers(page, () => selectTool(page, 'calculator'));
  await expectClickAnswers(page, () => selectTool(page, 'get_weather'));
  await expect(problems(page)).toContainText(/expected|Unexpected/i);
  await expectClickAnswers(page, () => page.getByRole('tab', { name: 'Schema' }).click());
  await expectClickAnswers(page, () => page.getByRole('tab', { name: 'Code' }).click());
  await page.getByRole('tab', { name: 'Code' }).focus();
  expectIdle(await readIdle(page));

  // Autosave kept the broken line: a reload opens with it, still responsive.
  await page.reload();
  await expectClickAnswers(page, () => selectTool(page, 'get_weather'));
  await expectClickAnswers(page, () => page.getByRole('tab', { name: 'Code' }).click());
  await expect(problems(page)).toContainText(/expected|Unexpected/i, { timeout: 30_000 });
  await installProbe(page);
  await page.getByRole('tab', { name: 'Code' }).focus();
  expectIdle(await readIdle(page));
});

test('a half-typed schema is reported, and typing in the Arguments editor meanwhile stays responsive', async ({ page }) => {
  await selectTool(page, 'get_weather');
  await page.getByRole('tab', { name: 'Schema' }).click();
  // Inside the object literal: after `city: …,` on line 4.
  await page.getByRole('textbox', { name: 'Schema editor' }).focus();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let line = 1; line < 4; line++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('rounding: z.', { delay: 40 });
  // The sandbox's compile error (not only TypeScript's squiggle) is what fed the loop.
  await expect(problems(page).getByRole('button').filter({ hasText: 'sandbox' }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Schema' }).focus();
  expectIdle(await readIdle(page));

  await page.getByRole('textbox', { name: 'Arguments editor' }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' ', { delay: 40 });
  await expectClickAnswers(page, () => page.getByRole('tab', { name: 'Definition' }).click());
  await expectClickAnswers(page, () => page.getByRole('tab', { name: 'Schema' }).click());
  await page.getByRole('tab', { name: 'Schema' }).focus();
  expectIdle(await readIdle(page));
});

test("switching tools never shows one tool's code checked against another tool's Input", async ({ page }) => {
  await selectTool(page, 'get_weather');
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.getByRole('textbox', { name: 'Code editor' })).toBeAttached();
  // Every text the Problems list shows while switching back and forth, sampled each frame in the page.
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { __problemsSeen: Set<string> }).__problemsSeen = seen;
    const sample = () => {
      seen.add(document.querySelector('section.problems')?.textContent ?? '');
      requestAnimationFrame(sample);
    };
    sample();
  });
  for (let round = 0; round < 2; round++) {
    await selectTool(page, 'calculator');
    await expect(problems(page)).toContainText('No problems', { timeout: 30_000 });
    await page.waitForTimeout(1500);
    await selectTool(page, 'get_weather');
    await page.waitForTimeout(1500);
  }
  const seen = await page.evaluate(() => [...(window as unknown as { __problemsSeen: Set<string> }).__problemsSeen]);
  expect(seen.filter((text) => /does not exist on type/.test(text))).toEqual([]);
});
