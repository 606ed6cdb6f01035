import { test, expect } from './fixtures.ts';
import { connectSample, mcpOrigin } from './mcp-helpers.ts';
import { screens } from './screens.ts';
import { toolsToolbar } from './tools-actions.ts';

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

// Issue 27 (the room at 1280×720): eight buttons took four rows of the 221 px Tools column (106 px), and
// with an MCP server connected and a notice shown about one tool row was left in view.
test('at 1280×720 the Tools toolbar takes at most two lines, its More menu works from the keyboard, and tool rows stay in view', async ({
  page,
  guards,
}) => {
  guards.allowOrigin(mcpOrigin);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('button', { name: 'get_weather', exact: true })).toBeVisible();
  await connectSample(page);
  const toolbar = toolsToolbar(page);

  // The keyboard, as the menu button pattern has it: Enter opens at the first item, the arrows move,
  // Escape closes with the focus back on More; ArrowUp opens at the last item.
  const more = toolbar.getByRole('button', { name: 'More tool actions' });
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = toolbar.getByRole('menu', { name: 'More tool actions' });
  await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Import…' })).toBeFocused();
  await page.keyboard.press('Escape');
  // Space opens it too; Delete is the third item. Deleting shows a notice (with Undo) above the workbench.
  await page.keyboard.press(' ');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Deleted get_weather.')).toBeVisible();
  await expect(more).toBeFocused();

  // What the room sees: the toolbar on two lines at most, and rows of the tool list below it.
  const buttonTops = await toolbar
    .locator(':scope > button, :scope > .menu-button > button')
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(new Set(buttonTops).size, `toolbar lines (button tops ${buttonTops.join(', ')})`).toBeLessThanOrEqual(2);
  const body = tools.locator('.panel-body');
  await body.evaluate((element) => element.scrollTo(0, 0));
  const [bodyBox, toolbarBox] = [(await body.boundingBox())!, (await toolbar.boundingBox())!];
  const rowsInView = await tools
    .getByRole('list', { name: 'Tool list' })
    .getByRole('listitem')
    .evaluateAll((rows, bottom) => rows.filter((row) => row.getBoundingClientRect().bottom <= bottom).length, bodyBox.y + bodyBox.height);
  expect(toolbarBox.height).toBeLessThanOrEqual(60);
  expect(rowsInView).toBeGreaterThanOrEqual(3);

  // The menu over the list, light and dark (screenshots for the walk).
  await more.click();
  await expect(menu).toBeVisible();
  await page.screenshot({ path: `${screens}/tools-toolbar-1280x720-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${screens}/tools-toolbar-1280x720-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  // A press outside closes it.
  await page.getByRole('region', { name: 'Editor' }).click({ position: { x: 10, y: 10 } });
  await expect(menu).toHaveCount(0);
});
