// Issue 14: the first minute (welcome, compile progress) and building a tool (inline name, sample
// arguments that pass validation, stale arguments, a runtime error marked on its line, the placeholder).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { sampleTools } from '../src/samples/tools/index.ts';
import { screens } from './screens.ts';
import { runEndStatus } from './lesson-helpers.ts';

test.describe.configure({ timeout: 120_000 });

const tools = (page: Page) => page.getByRole('region', { name: 'Tools' });
const problems = (page: Page) => page.getByRole('region', { name: 'Problems' });
const waitForCompiled = (page: Page) =>
  expect(tools(page).getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'checking…' })).toHaveCount(0, { timeout: 60_000 });

/** Replaces an editor's text, one line at a time (Monaco indents and closes brackets as it is typed into). */
async function setEditorLines(page: Page, label: string, lines: string[]) {
  await page.getByRole('textbox', { name: label }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  for (const [index, line] of lines.entries()) {
    if (index > 0) {
      await page.keyboard.press('Enter');
      // Start each line at column 1, whatever indentation Monaco carried over.
      await page.keyboard.press('Home');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.press('Delete');
    }
    await page.keyboard.insertText(line);
  }
}

test.describe('first visit', () => {
  test.use({ welcomeSeen: false });

  test('the welcome shows once, with the tour as the primary way in', { tag: '@extended' }, async ({ page }) => {
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Toolscope' });
    await expect(welcome).toBeVisible();
    const tour = welcome.getByRole('button', { name: 'Take the tour' });
    await expect(tour).toBeFocused();
    await expect(tour).toHaveClass(/primary/);
    await expect(welcome.getByRole('button', { name: 'Run a scenario' })).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Build a tool' })).toBeVisible();
    await page.screenshot({ path: `${screens}/welcome.png` });
    expect(
      (await new AxeBuilder({ page }).include('dialog').analyze()).violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      ),
    ).toEqual([]);

    await tour.click();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Guided tour' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Tour' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome to Toolscope' })).toHaveCount(0);
  });

  test('"Build a tool" asks for the name inline and opens the new tool on its schema', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Welcome to Toolscope' }).getByRole('button', { name: 'Build a tool' }).click();
    const name = tools(page).getByRole('textbox', { name: 'New tool name' });
    await expect(name).toBeFocused();
    await page.keyboard.type('word_count');
    await page.keyboard.press('Enter');
    await expect(tools(page).getByRole('button', { name: 'word_count', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('tab', { name: 'Schema' })).toHaveAttribute('aria-selected', 'true');
  });
});

// Issue 30: the samples are compiled when the app is built, so opening the app compiles nothing. Any
// sign of compiling (a "checking…" dot, "Compiling tools N/11") is noted from the first moment the page
// exists, and a scenario is run to its end so the whole start-up is over before the notes are read.
test('start-up shows every sample tool valid at once, with nothing compiling', async ({ page }) => {
  await page.addInitScript(() => {
    const signs: string[] = [];
    Object.assign(window, { compileSigns: signs });
    new MutationObserver(() => {
      if (document.querySelector('.status-dot.status-checking')) signs.push('a checking… dot');
      for (const status of document.querySelectorAll('[role="status"]'))
        if (status.textContent?.includes('Compiling')) signs.push(status.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.goto('/');
  await expect(tools(page).getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'valid' })).toHaveCount(sampleTools.length);
  await page.getByRole('region', { name: 'Conversation' }).getByRole('button', { name: 'Run scenario' }).click();
  await expect(runEndStatus(page)).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { compileSigns: string[] }).compileSigns)).toEqual([]);
  await expect(tools(page).getByRole('status')).toHaveText('');
});

test(
  'an edited tool says it is compiling, and a run started meanwhile waits for it on the timeline',
  { tag: '@extended' },
  async ({ page }) => {
    // A slow network holds the sandbox's worker script back (as on a first visit over a poor link), so the
    // edit is certainly still compiling when the click lands; the script arrives once the wait is on screen.
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route('**/harness-entry*.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto('/');
    // The samples need no sandbox to be valid: their verdicts came with the app.
    await expect(tools(page).getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'valid' })).toHaveCount(sampleTools.length);
    await tools(page).getByRole('button', { name: 'get_weather', exact: true }).click();
    await page.getByRole('tab', { name: 'Code' }).click();
    await page.getByRole('textbox', { name: 'Code editor' }).focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('// edited while the sandbox loads');
    await expect(tools(page).getByRole('status')).toHaveText('Compiling get_weather…');
    // The status stays on one line beside "Tools": the header is as tall as the other panels' (it wrapped to two).
    const headerHeight = (name: string) =>
      page
        .getByRole('region', { name })
        .locator('header')
        .first()
        .evaluate((header) => header.getBoundingClientRect().height);
    expect(await headerHeight('Tools')).toBe(await headerHeight('Editor'));
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(() => headerHeight('Tools')).toBe(await headerHeight('Editor'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('region', { name: 'Conversation' }).getByRole('button', { name: 'Run scenario' }).click();
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('status')).toHaveText(
      `Waiting for tools to compile (${sampleTools.length - 1}/${sampleTools.length})…`,
    );
    await page.screenshot({ path: `${screens}/compiling.png` });
    releaseScript();
    await expect(runEndStatus(page)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('status')).toHaveCount(0);
    await expect(tools(page).getByRole('status')).toHaveText('');
    await expect(tools(page).getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'valid' })).toHaveCount(sampleTools.length);
  },
);

test(
  'a new tool: generated arguments pass, a schema edit flags them, a runtime error marks its line',
  { tag: '@extended' },
  async ({ page }) => {
    await page.goto('/');
    await waitForCompiled(page);
    await tools(page).getByRole('button', { name: 'New tool' }).click();
    await page.keyboard.type('lookup_order');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Schema' })).toHaveAttribute('aria-selected', 'true');
    // The template's description is a placeholder the model would read.
    await expect(problems(page)).toContainText('placeholder');

    await setEditorLines(page, 'Schema editor', [
      "import { z } from 'zod';",
      'export default z.object({',
      "order_id: z.string().regex(/^ord_[0-9]{5}$/).describe('Order id'),",
      "status: z.enum(['open', 'shipped', 'returned']),",
      'quantity: z.number().int().min(2).max(9),',
      'note: z.string().min(12).max(40),',
      '});',
    ]);
    await expect(tools(page).getByRole('img', { name: 'valid' }).last()).toBeVisible({ timeout: 30_000 });
    const testCall = page.getByRole('region', { name: 'Test call' });
    // The arguments were written for the template's schema: the panel says so and offers new ones.
    await expect(testCall.getByRole('status')).toContainText('no longer fit');
    await testCall.getByRole('button', { name: 'Regenerate' }).click();
    await expect(testCall.getByRole('status')).toHaveCount(0);
    await testCall.getByRole('button', { name: 'Generate sample arguments' }).click();
    await testCall.getByRole('button', { name: 'Run call' }).click();
    const result = page.getByRole('region', { name: 'Call result' });
    // The template's code reads input.text, which this schema does not have: a runtime error, not a validation one.
    await expect(result).toContainText('execution_error', { timeout: 30_000 });
    await expect(result).not.toContainText('invalid_arguments');
    await expect(result.getByText(/at line 3, column \d+ of the code/)).toBeVisible();
    await expect(result.locator('.model-text')).not.toContainText('at line');

    await page.getByRole('tab', { name: 'Code' }).click();
    await expect(problems(page).getByRole('button').filter({ hasText: 'Threw when it ran' })).toContainText('Code 3:');
    await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
    await page.screenshot({ path: `${screens}/runtime-error-marker.png` });

    // Fixing the description clears the warning.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Look up an order by id and return its status.');
    await expect(problems(page)).not.toContainText('placeholder');
  },
);

test(
  'generated arguments pass validation in the sample tools whose schemas have patterns, enums and bounds',
  { tag: '@extended' },
  async ({ page }) => {
    // Every sample tool is checked against its real zod schema in src/store/arguments/sample-arguments.test.ts;
    // here, the ones the old generator failed (patterns) and two with bounds and enums, through the sandbox.
    await page.goto('/');
    await waitForCompiled(page);
    const testCall = page.getByRole('region', { name: 'Test call' });
    const result = page.getByRole('region', { name: 'Call result' });
    for (const name of ['lookup_user', 'flaky_api', 'rate_limited_api', 'get_weather', 'search_web']) {
      await tools(page).getByRole('button', { name, exact: true }).click();
      await testCall.getByRole('button', { name: 'Generate sample arguments' }).click();
      await testCall.getByRole('button', { name: 'Run call' }).click();
      await expect(result.locator('.result-summary'), name).toBeVisible({ timeout: 30_000 });
      await expect(result, name).not.toContainText('invalid_arguments');
    }
  },
);
