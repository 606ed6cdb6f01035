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

test('at 1280×720 the Tools toolbar stays whole under its title, and the Run layout shows Run settings uncut', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('button', { name: 'get_weather', exact: true })).toBeVisible();
  // Scrolled down to the MCP servers and discovery under the list, the sticky toolbar stays right under
  // the title (it was pushed up under it, then out of sight).
  const body = tools.locator('.panel-body');
  await body.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  const toolbar = tools.getByRole('toolbar', { name: 'Tool actions' });
  const [bodyBox, toolbarBox] = [(await body.boundingBox())!, (await toolbar.boundingBox())!];
  expect(await body.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(toolbarBox.y).toBeGreaterThanOrEqual(bodyBox.y - 0.5);
  expect(toolbarBox.y).toBeLessThanOrEqual(bodyBox.y + 0.5);

  // In the Run layout, the Timeout strategy select is as wide as its option needs ("abort, then kill" was cut).
  await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Run' }).click();
  const strategy = page.getByRole('region', { name: 'Run settings' }).getByRole('combobox', { name: 'Timeout strategy' });
  await strategy.scrollIntoViewIfNeeded();
  await expect(strategy.locator('option:checked')).toHaveText(/abort, then kill/);
  const { shown, needed } = await strategy.evaluate((select: HTMLSelectElement) => {
    // The same select left to its natural width, beside it: the width its longest option needs.
    const natural = select.cloneNode(true) as HTMLSelectElement;
    natural.style.width = 'max-content';
    natural.style.position = 'absolute';
    select.parentElement!.append(natural);
    const needed = natural.getBoundingClientRect().width;
    natural.remove();
    return { shown: select.getBoundingClientRect().width, needed };
  });
  expect(shown).toBeGreaterThanOrEqual(needed - 0.5);
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
