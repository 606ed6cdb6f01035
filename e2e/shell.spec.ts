import { test, expect } from './fixtures.ts';

test('the shell renders its panels', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Toolscope', level: 1 })).toBeVisible();
  for (const region of ['Tools', 'Run settings', 'Editor', 'Test call', 'Conversation', 'Timeline']) {
    await expect(page.getByRole('region', { name: region })).toBeVisible();
  }
  // The panels are resizable: one separator between each pair of neighbours.
  await expect(page.getByRole('separator')).toHaveCount(5);
});

test('Monaco loads from the app origin and shows a TypeScript diagnostic', { tag: '@extended' }, async ({ page, baseURL }) => {
  const scriptOrigins = new Set<string>();
  page.on('request', (request) => {
    // blob: workers are made in the page (Monaco) or the sandbox iframe from code they already hold.
    if (['script', 'worker'].includes(request.resourceType()) && !request.url().startsWith('blob:'))
      scriptOrigins.add(new URL(request.url()).origin);
  });
  await page.goto('/');
  const editor = page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor');
  await expect(editor).toBeVisible();

  // Type a type error at the end of the file: assigning a string to a number.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\nconst broken: number = "not a number";\n');

  // The TypeScript worker reports it as an error squiggle on that line, and only there.
  const squiggle = editor.locator('.squiggly-error');
  // The TypeScript worker is a 7 MB script: on a busy machine its first diagnostics take a while.
  await expect(squiggle).toHaveCount(1, { timeout: 40_000 });
  const squiggleBox = await squiggle.boundingBox();
  const lineBox = await editor.locator('.view-line', { hasText: 'not a number' }).boundingBox();
  expect(squiggleBox && lineBox && Math.abs(squiggleBox.y + squiggleBox.height / 2 - (lineBox.y + lineBox.height / 2))).toBeLessThan(
    lineBox!.height / 2,
  );
  expect([...scriptOrigins]).toEqual([new URL(baseURL!).origin]);
});
