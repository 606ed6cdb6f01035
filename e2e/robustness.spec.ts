// Issue 12, defects 2-4 as a person meets them: a test call with an error on screen, a saved workspace
// that once made every run stick, a field that took what the save then refused.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const toolList = (page: Page) => page.getByRole('region', { name: 'Tools' });
const selectTool = (page: Page, name: string) => toolList(page).getByRole('button', { name, exact: true }).click();

async function openReady(page: Page) {
  await page.goto('/');
  await expect(toolList(page).getByRole('img', { name: 'checking…' })).toHaveCount(0, { timeout: 60_000 });
}

test('a test call with an error in Code says where it is, and runs the last good version only when asked', async ({ page }) => {
  await openReady(page);
  await selectTool(page, 'get_weather');
  await page.getByRole('tab', { name: 'Code' }).click();
  const code = page.getByRole('textbox', { name: 'Code editor' });
  await code.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('const x = (;', { delay: 30 });
  // The sandbox's own report of the error, as the Problems list shows it: "Code 73:13 … sandbox".
  const sandboxProblem = page.getByRole('region', { name: 'Problems' }).getByRole('button').filter({ hasText: 'sandbox' }).first();
  await expect(sandboxProblem).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Run call' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Code has an error at' });
  await expect(refusal).toContainText(/Code has an error at \d+:\d+ — fix it, or run the last good version\./, { timeout: 30_000 });
  // The refusal and the Problems list name the same place (the list may first show a compile of a half-typed line).
  const where = /at (\d+:\d+)/.exec((await refusal.textContent()) ?? '')?.[1];
  expect(where).toBeTruthy();
  await expect(sandboxProblem).toContainText(`Code ${where}`);
  await expect(page.getByRole('region', { name: 'Call result' })).not.toContainText('success');
  await page.screenshot({ path: test.info().outputPath('refused-test-call.png') });

  await refusal.getByRole('button', { name: 'Run last good version' }).click();
  const result = page.getByRole('region', { name: 'Call result' });
  await expect(result.getByRole('note')).toHaveText(
    'Ran the last good version: the editors have an error, so this is not the code on screen.',
    {
      timeout: 30_000,
    },
  );
  await expect(result).toContainText('success');
  await page.screenshot({ path: test.info().outputPath('last-good-test-call.png') });

  // Fixing the line: the result is still the last good version's, and its label says so until the
  // editors show that very version again (the line removed with its newline).
  await code.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Delete');
  await expect(result.getByRole('note')).toHaveText(
    'Ran the last good version, not the code on screen now: Run call to run what the editors show.',
  );
  await page.keyboard.press('Backspace');
  await expect(result.getByRole('note')).toHaveCount(0);
  await page.keyboard.type('\n// fixed', { delay: 30 });
  await expect(result.getByRole('note')).toHaveText(
    'Ran the last good version, not the code on screen now: Run call to run what the editors show.',
  );
  await page.getByRole('button', { name: 'Run call' }).click();
  await expect(result).toContainText('success', { timeout: 30_000 });
  await expect(result.getByRole('note')).toHaveCount(0);
});

test('a saved workspace with two tools of one name is repaired on load, and a run starts, ends and can be stopped', async ({ page }) => {
  await openReady(page);
  await page.keyboard.press('ControlOrMeta+S');
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('toolscope.workspace') ?? '{}');
    const weather = saved.workspace.tools.find((tool: { name: string }) => tool.name === 'get_weather');
    saved.workspace.tools.push({ ...weather, id: 'twin-of-weather' });
    // Saved before the capacity lesson: no inventory_api, no Inventory burst, no record of samples offered.
    saved.workspace.tools = saved.workspace.tools.filter((tool: { name: string }) => tool.name !== 'inventory_api');
    saved.workspace.scenarios = saved.workspace.scenarios.filter(
      (scenario: { name: string }) => !scenario.name.startsWith('Inventory burst'),
    );
    delete saved.workspace.samplesOffered;
    localStorage.setItem('toolscope.workspace', JSON.stringify(saved));
  });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'A second tool named "get_weather" was renamed "get_weather_2"' })).toBeVisible();
  await expect(toolList(page).getByRole('button', { name: 'get_weather_2', exact: true })).toBeVisible();
  // The samples that came after the save are offered, not pushed in.
  const offer = page.getByRole('status').filter({ hasText: 'New samples since this workspace was saved' });
  await expect(offer).toContainText('the tool inventory_api and the scenario “Inventory burst”');
  await expect(toolList(page).getByRole('button', { name: 'inventory_api', exact: true })).toHaveCount(0);
  await offer.getByRole('button', { name: 'Add them' }).click();
  await expect(toolList(page).getByRole('button', { name: 'inventory_api', exact: true })).toBeVisible();

  const conversation = page.getByRole('region', { name: 'Conversation' });
  const message = conversation.getByRole('textbox', { name: 'Message' });
  await message.click();
  await page.keyboard.type("What's the weather in Paris?");
  await conversation.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByRole('status')).toContainText('final answer', { timeout: 60_000 });
  await expect(conversation.getByRole('button', { name: 'Stop' })).toBeDisabled();

  // Stop mid-run ends the run and Send works again.
  await message.click();
  // slow_report takes a second or more: long enough to press Stop while it runs.
  await page.keyboard.type('Build a slow sales report on Oslo, 2500 ms');
  await conversation.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('slow_report').first()).toBeVisible({ timeout: 10_000 });
  await conversation.getByRole('button', { name: 'Stop' }).click();
  await expect(conversation.getByRole('button', { name: 'Stop' })).toBeDisabled({ timeout: 10_000 });
  await expect(conversation.getByRole('status')).toContainText('aborted after');
  await message.click();
  await page.keyboard.type('And in Rome?');
  await expect(conversation.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('a fractional timeout is refused beside the field and the workspace keeps saving', async ({ page }) => {
  await openReady(page);
  const timeout = page.getByRole('spinbutton', { name: 'Timeout (ms)' });
  await timeout.scrollIntoViewIfNeeded();
  await timeout.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2500.5');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number from 1 to 600,000' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not save' })).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number' })).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+S');
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Timeout (ms)' })).toHaveValue('2500');
});
