import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { toolsAction } from './tools-actions.ts';

/** Replaces the whole text of a Monaco editor (found by its aria label) with `text`. */
async function setEditorText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const selectTool = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('img', { name: 'valid' }).first()).toBeVisible({ timeout: 30_000 });
});

test('editing the schema changes the Definition the model sees', async ({ page }) => {
  await selectTool(page, 'get_weather');
  await page.getByRole('tab', { name: 'Schema' }).click();
  await setEditorText(
    page,
    'Schema editor',
    "import { z } from 'zod';\nexport default z.object({\n  city: z.string().describe('Where'),\n  days: z.number().int().min(1).max(7).describe('Forecast length in days'),\n});\n",
  );
  await page.getByRole('tab', { name: 'Definition' }).click();
  const definition = page.getByLabel('Definition sent to the model');
  await expect(definition).toContainText('Forecast length in days');
  await expect(definition).toContainText('"type": "function"');
  await page.getByRole('radio', { name: 'Anthropic' }).check();
  await expect(definition).toContainText('"input_schema"');
  await page.getByRole('radio', { name: 'MCP' }).check();
  await expect(definition).toContainText('"inputSchema"');
});

test('a reload reopens the tool and the editor tab you were on', { tag: '@extended' }, async ({ page }) => {
  await selectTool(page, 'calculator');
  await page.getByRole('tab', { name: 'Schema' }).click();
  await page.reload();
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('button', { name: 'calculator', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('tab', { name: 'Schema' })).toHaveAttribute('aria-selected', 'true');
  const schemaEditor = page.locator('.monaco-editor', { has: page.getByRole('textbox', { name: 'Schema editor' }) });
  await expect(schemaEditor).toContainText('expression');
});

test('a type error in the code shows a marker and a problem', { tag: '@extended' }, async ({ page }) => {
  await selectTool(page, 'get_weather');
  await page.getByRole('tab', { name: 'Code' }).click();
  const editor = page.getByRole('textbox', { name: 'Code editor' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+End');
  // `input.city` is a string (from the schema), so calling toFixed on it is a type error.
  await page.keyboard.insertText('\nexport const wrong = (input: Input) => input.city.toFixed(2);\n');
  const problems = page.getByRole('region', { name: 'Problems' });
  // The TypeScript worker is a 7 MB script: on a busy machine its first diagnostics take a while.
  await expect(problems).toContainText("Property 'toFixed' does not exist on type 'string'", { timeout: 40_000 });
  await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
});

// Issue 27, point 10: the global fetch failed with "TypeError: Failed to fetch" at a column past the line's end,
// and nothing said the sandbox blocks direct network or pointed to ctx.fetch and the allowlist.
test('a tool calling the global fetch is warned about as it is typed, and its call says why it fails, at the call', async ({ page }) => {
  await selectTool(page, 'get_weather');
  await page.getByRole('tab', { name: 'Code' }).click();
  // One line per statement, none ending in a brace: Monaco's auto-indent would otherwise add text on Enter.
  const fetchLine =
    "export default async function execute(input: Input, ctx: ToolContext) { return (await fetch('https://api.weather.example/v1?city=' + input.city)).json(); }";
  await setEditorText(page, 'Code editor', `// Asks the provider straight, without ctx.fetch.\n${fetchLine}\n`);
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('This is the global fetch, which the sandbox blocks: call ctx.fetch(url, init) instead');
  await expect(page.locator('.monaco-editor .squiggly-warning').first()).toBeVisible();

  await setEditorText(page, 'Arguments editor', '{ "city": "Lisbon" }');
  await page.getByRole('button', { name: 'Run call' }).click();
  const result = page.getByRole('region', { name: 'Call result' });
  await expect(result).toContainText('The sandbox blocks direct network access', { timeout: 20_000 });
  await expect(result).toContainText('Call ctx.fetch(url, init) instead: it reaches the origins in Settings → Network allowlist.');
  // The marker is on the call: the line and column of `fetch(`, where the editor's warning is too.
  const column = fetchLine.indexOf('fetch(') + 1;
  await expect(result).toContainText(`(at line 2, column ${column} of the code)`);
  await expect(problems).toContainText(`Code 2:${column}`);
  await expect(result).not.toContainText('Failed to fetch');
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results'}/global-fetch-call.png` });
});

test('a valid and an invalid test call', async ({ page }) => {
  await selectTool(page, 'get_weather');
  const result = page.getByRole('region', { name: 'Call result' });
  await setEditorText(page, 'Arguments editor', '{ "city": "Lisbon" }');
  await page.getByRole('button', { name: 'Run call' }).click();
  await expect(result).toContainText('success', { timeout: 20_000 });
  await expect(result).toContainText('"city":"Lisbon"');
  await expect(result).toContainText('looked up Lisbon');

  await setEditorText(page, 'Arguments editor', '{ "city": 42, "unit": "kelvin" }');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(result).toContainText('invalid_arguments', { timeout: 20_000 });
  await expect(result.getByRole('list', { name: 'Validation issues' })).toContainText('city');
  await expect(result.getByRole('list', { name: 'Validation issues' })).toContainText('unit');
});

test('edits are kept across a reload', { tag: '@extended' }, async ({ page }) => {
  await page.getByRole('button', { name: 'New tool' }).click();
  await toolsAction(page, 'Rename');
  const nameField = page.getByRole('textbox', { name: 'Tool name' });
  await nameField.fill('has space');
  await nameField.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'letters, digits' })).toBeVisible();
  await nameField.fill('fetch_invoice');
  await nameField.press('Enter');
  await page.getByRole('spinbutton', { name: 'Concurrency limit' }).fill('2');
  await page.keyboard.press('ControlOrMeta+S');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'fetch_invoice' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Concurrency limit' })).toHaveValue('2');
});

test('a corrupted save is set aside with a message, and the app still works', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('toolscope.workspace', '{"version": 1, "workspace": {"tools": [oops'));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'toolscope.workspace.corrupted' })).toBeVisible();
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('toolscope.workspace.corrupted')));
  expect(kept).toHaveLength(1);
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'get_weather' })).toBeVisible();
});

test('export, import and a share link round trip the workspace, never the API key', async ({ page, context }) => {
  const key = 'sk-test-SECRET-0123456789';
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('combobox', { name: 'Model provider' }).selectOption('openai');
  await conversation.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'New tool' }).click();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exported = await (await downloadPromise).path().then((path) => import('node:fs').then((fs) => fs.readFileSync(path, 'utf8')));
  expect(exported).toContain('"new_tool"');
  expect(exported).not.toContain(key);

  // Delete the new tool, then import the file: it comes back.
  await toolsAction(page, 'Delete');
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'new_tool' })).toHaveCount(0);
  await page
    .getByLabel('Workspace file to import')
    .setInputFiles({ name: 'workspace.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  // Asked first, as a share link is (issue 28).
  const consent = page.getByRole('dialog', { name: 'Import workspace.json?' });
  await expect(consent).toContainText('new_tool');
  await consent.getByRole('button', { name: 'Import and replace my workspace' }).click();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'new_tool' })).toBeVisible();

  // A broken file is refused with a located error, and nothing changes.
  const broken = exported.replace('"name": "new_tool"', '"name": 3');
  const brokenLine = broken.split('\n').findIndex((line) => line.includes('"name": 3')) + 1;
  await page
    .getByLabel('Workspace file to import')
    .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
  const errors = page.getByRole('dialog', { name: 'Could not import broken.json' });
  await expect(errors).toContainText(`line ${brokenLine}`);
  await expect(errors).toContainText(/workspace\.tools\[\d+\]\.name/);
  await errors.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(url).toContain('#w=');
  expect(url).not.toContain(key);

  const other = await context.browser()!.newPage();
  await other.goto(url);
  const dialog = other.getByRole('dialog', { name: 'Open a shared workspace?' });
  await expect(dialog).toContainText('new_tool');
  await dialog.getByRole('button', { name: 'Open shared workspace' }).click();
  await expect(other.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'new_tool' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Conversation' }).getByLabel('API key')).toHaveValue('');
  await other.close();
});

test('a free-form message to the mock model calls a tool and answers from its result', { tag: '@extended' }, async ({ page }) => {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
  await conversation.getByRole('button', { name: 'Send' }).click();
  const calls = conversation.getByRole('list', { name: 'Tool calls' });
  // The run starts once the sandbox has compiled every enabled tool.
  await expect(calls).toContainText('get_weather', { timeout: 30_000 });
  await expect(calls).toContainText('Paris');
  await expect(conversation.getByLabel('Result of get_weather sent to the model')).toContainText('"city":"Paris"', { timeout: 30_000 });
  await expect(conversation.getByRole('status')).toContainText('final answer', { timeout: 30_000 });
});

test('the main screen has no serious or critical accessibility violations', async ({ page }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});
