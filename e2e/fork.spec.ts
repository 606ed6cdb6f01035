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

  // Both runs are kept; the branch is marked as a fork.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('tab', { name: 'Runs' }).click();
  const rows = timeline.getByRole('table', { name: 'Kept runs' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(/fork\s+Parallel calls/);
});
