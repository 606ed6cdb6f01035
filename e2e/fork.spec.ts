import { test, expect } from './fixtures.ts';
import { openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('fork a finished run at its second model turn with an edited tool result: the branch answers differently', async ({ page }) => {
  await openWithToolsReady(page);
  await runScenario(page, 'Parallel calls');
  await waitForRunEnd(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const transcript = conversation.getByLabel('Transcript');
  const answer = transcript.locator('.message-assistant').last();
  const original = await answer.innerText();
  expect(original).toMatch(/Reykjavik/);

  await transcript.getByRole('button', { name: 'Fork from this tool result' }).first().click();
  const dialog = page.getByRole('dialog', { name: /Fork from the result of get_weather/ });
  const result = dialog.getByRole('textbox', { name: 'Edited tool result' });
  await result.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{"city":"Reykjavik","temperature":-40,"conditions":"blizzard"}');
  await dialog.getByRole('button', { name: 'Run branch' }).click();
  await waitForRunEnd(page);

  const branchAnswer = await answer.innerText();
  expect(branchAnswer).toContain('blizzard');
  expect(branchAnswer).not.toBe(original);
  // The branch replayed the first turn: one model call, and no tool ran again.
  await expect(conversation.getByRole('status').filter({ hasText: /^final answer after 1 model call/ })).toBeVisible();

  // Both runs are kept, the branch listed under its parent with the step it left it at.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('tab', { name: 'Runs' }).click();
  const rows = timeline.getByRole('table', { name: 'Kept runs' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(/1 branch\s+Parallel calls/);
  await expect(rows.nth(1)).toContainText(/fork\s+Parallel calls[\s\S]*at the result of get_weather after model turn 1/);

  // Issue 19: a branch compares with its parent in Compare, side by side.
  await rows
    .nth(1)
    .getByRole('button', { name: /with the run it forked from/ })
    .click();
  await expect(timeline.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');
  await expect(timeline.getByRole('region', { name: 'Kept runs side by side' })).toContainText(
    'B is a fork of A at the result of get_weather after model turn 1',
  );
  const figures = timeline.getByRole('table', { name: 'Figures per run' });
  // The parent ran four calls at once; the branch replayed them and ran none.
  await expect(
    figures
      .getByRole('row', { name: /^A · Parallel calls/ })
      .getByRole('cell')
      .nth(4),
  ).toHaveText('4');
  await expect(
    figures
      .getByRole('row', { name: /^B · Parallel calls/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('no calls');
});

test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a fork whose result was edited into a long unbroken error reads that error, inside the answer box (issue 27)', async ({ page }) => {
    await openWithToolsReady(page);
    await runScenario(page, 'Parallel calls');
    await waitForRunEnd(page);
    const transcript = page.getByRole('region', { name: 'Conversation' }).getByLabel('Transcript');
    await transcript.getByRole('button', { name: 'Fork from this tool result' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Fork from the result of get_weather/ });
    await dialog.getByRole('textbox', { name: 'Edited tool result' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    // One long word, as a service's error code or an id often is: it cannot wrap at a space.
    const code = 'quota_exceeded_for_station_reykjavik_primary_and_backup_feeds_until_midnight_utc';
    await page.keyboard.type(`{"error":"${code}"}`);
    await dialog.getByRole('button', { name: 'Run branch' }).click();
    await waitForRunEnd(page);

    const answer = transcript.locator('.message-assistant').last();
    await expect(answer).toContainText(`get_weather for Reykjavik failed with execution_error: ${code}`);
    await answer.scrollIntoViewIfNeeded();
    // What the room sees: the answer's text inside its box, and nothing to scroll sideways in the transcript.
    const words = answer.locator('p').last();
    expect(await words.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const sideways = await transcript.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(sideways).toBe(0);
  });
});
