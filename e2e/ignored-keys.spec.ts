import { test, expect } from './fixtures.ts';

// Issue 12, defect 7: a key the schema does not know used to vanish without a word.
test('a test call with a key the schema does not know runs, and the result names the ignored key', async ({ page }) => {
  await page.goto('/');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('img', { name: 'valid' }).first()).toBeVisible({ timeout: 30_000 });
  await tools.getByRole('button', { name: 'get_weather', exact: true }).click();

  const editor = page.getByRole('textbox', { name: 'Arguments editor' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Typed as a person types it; Monaco closes brackets and quotes and types over them.
  await page.keyboard.type('{"city": "Oslo", "units": "fahrenheit"}');
  await page.getByRole('button', { name: 'Run call' }).click();

  const result = page.getByRole('region', { name: 'Call result' });
  await expect(result).toContainText('success', { timeout: 20_000 });
  const note = result.getByRole('note', { name: 'Ignored keys' });
  await expect(note).toContainText('not in the schema and had no effect');
  await expect(note.getByRole('listitem')).toHaveText(['units']);
  await expect(result.locator('.model-text')).toContainText('this argument is not in the tool\'s schema and was ignored: "units"');

  // The same call in the timeline's inspector says so too.
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('table', { name: 'Calls' })
    .getByRole('button', { name: 'get_weather' })
    .click();
  await expect(page.getByRole('region', { name: 'Inspector' }).getByRole('note', { name: 'Ignored keys' })).toContainText('units');
});
