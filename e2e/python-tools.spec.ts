import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { toolsAction } from './tools-actions.ts';

// Issue 31, as a person does it: New Python tool, the function typed key by key into Monaco, the
// definition read from its signature, a test call with good and bad arguments, and a reload that keeps it.

const tools = (page: Page) => page.getByRole('region', { name: 'Tools' });
const testCall = (page: Page) => page.getByRole('region', { name: 'Test call' });

/**
 * The tool's lines as typed. Monaco indents after a line ending in ":" and closes brackets and quotes,
 * which the typed closing characters then step over, so each line is typed without its indentation.
 * Escape first closes a word suggestion, which Enter would otherwise accept.
 */
const lines = [
  'from typing import Literal, Optional',
  'from toolscope import tool, ctx',
  '',
  '@tool(idempotent=True)',
  'async def get_forecast(city: str, days: int = 1, unit: Literal["celsius", "fahrenheit"] = "celsius", note: Optional[str] = None) -> dict:',
  '"Forecast for a city, day by day."',
  'ctx.log("forecast for", city)',
  'return {"city": city, "days": [21 + day for day in range(days)], "unit": unit}',
];

async function typeTool(page: Page, toolLines: readonly string[] = lines): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Code editor' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  for (const [index, line] of toolLines.entries()) {
    await page.keyboard.type(line, { delay: 5 });
    await page.keyboard.press('Escape');
    if (index < toolLines.length - 1) await page.keyboard.press('Enter');
  }
}

async function runTestCall(page: Page, args: unknown): Promise<void> {
  await expect(testCall(page).locator('.view-line').first()).toBeVisible();
  await testCall(page).getByRole('textbox', { name: 'Arguments editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(args));
  await testCall(page).getByRole('button', { name: 'Run call' }).click();
}

test('a Python tool typed key by key: its definition from the signature, a good and a bad call, kept over a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const forecast = () => tools(page).getByRole('button', { name: 'get_forecast', exact: true });
  await page.goto('/');
  await tools(page).getByRole('button', { name: 'New Python tool' }).click();
  await page.keyboard.type('get_forecast');
  await page.keyboard.press('Enter');
  await expect(forecast()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Schema' })).toHaveCount(0);
  await typeTool(page);
  await expect(page.getByRole('textbox', { name: 'Code editor' })).toBeFocused();

  // Pyodide is fetched and booted once the first Python tool exists: that can take a while under load.
  const dot = tools(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'get_forecast', exact: true }) })
    .locator('.status-dot');
  await expect(dot).toHaveClass(/status-valid/, { timeout: 90_000 });

  await page.getByRole('tab', { name: 'Definition' }).click();
  const definition = JSON.parse((await page.getByLabel('Definition sent to the model').textContent()) ?? '{}') as {
    function: { name: string; description: string; parameters: unknown };
  };
  expect(definition.function).toEqual({
    name: 'get_forecast',
    description: 'Forecast for a city, day by day.',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', default: 1 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
      },
      required: ['city'],
      additionalProperties: false,
    },
  });

  await runTestCall(page, { city: 'Oslo', days: 3 });
  const result = testCall(page).getByRole('region', { name: 'Call result' });
  await expect(result).toContainText('"unit":"celsius"', { timeout: 60_000 });
  await expect(result).toContainText('21');
  await expect(result).toContainText('forecast for Oslo');

  await runTestCall(page, { city: 'Oslo', days: 'three' });
  await expect(result).toContainText('invalid_arguments', { timeout: 30_000 });
  await expect(result).toContainText('days');

  await page.keyboard.press('ControlOrMeta+S');
  await page.reload();
  await expect(forecast()).toBeVisible();
  await forecast().click();
  await page.getByRole('tab', { name: 'Code (Python)' }).click();
  await expect(page.getByRole('textbox', { name: 'Code editor' })).toBeAttached();
  await expect(page.locator('.editor-area')).toContainText('async def get_forecast');
  await expect(dot).toHaveClass(/status-valid/, { timeout: 90_000 });
});

test(
  "a Python exception names its type, and its traceback marks the tool's own line in the editor",
  { tag: '@extended' },
  async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await tools(page).getByRole('button', { name: 'New Python tool' }).click();
    await page.keyboard.type('divide');
    await page.keyboard.press('Enter');
    await typeTool(page, [
      'from toolscope import tool, ctx',
      '',
      '@tool(idempotent=True)',
      'async def divide(a: int, b: int) -> float:',
      '"Divide a by b."',
      'return a / b',
    ]);
    const dot = tools(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'divide', exact: true }) })
      .locator('.status-dot');
    await expect(dot).toHaveClass(/status-valid/, { timeout: 90_000 });

    await runTestCall(page, { a: 1, b: 0 });
    const result = testCall(page).getByRole('region', { name: 'Call result' });
    await expect(result).toContainText('ZeroDivisionError: division by zero', { timeout: 60_000 });
    await expect(result.getByText(/at line 6, column \d+ of the code/)).toBeVisible();
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.getByRole('button').filter({ hasText: 'Threw when it ran' })).toContainText('Code 6:');
    await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
  },
);

test(
  'a Python tool without a docstring is linted in its Code, and exports as a FastMCP server that compiles',
  { tag: '@extended' },
  async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await tools(page).getByRole('button', { name: 'New Python tool' }).click();
    await page.keyboard.type('shout');
    await page.keyboard.press('Enter');
    await typeTool(page, [
      'from toolscope import tool',
      '',
      '@tool(idempotent=True)',
      'async def shout(text: str) -> str:',
      'return text.upper()',
    ]);
    const dot = tools(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'shout', exact: true }) })
      .locator('.status-dot');
    await expect(dot).toHaveClass(/status-valid/, { timeout: 90_000 });
    // The lints a TypeScript tool gets, at the lines of the Python code they are about.
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.getByRole('button').filter({ hasText: 'shout has no docstring' })).toContainText('Code 4:1');
    await expect(problems.getByRole('button').filter({ hasText: 'Parameter "text" has no description' })).toContainText('Code 4:17');
    await expect(page.locator('.monaco-editor .squiggly-warning').first()).toBeVisible();

    await toolsAction(page, 'Export as…');
    const dialog = page.getByRole('dialog', { name: 'Export as…' });
    await dialog.getByRole('radio', { name: 'MCP server', exact: true }).check();
    await expect(dialog).toContainText('shout is a Python tool: export it as FastMCP (Python) or Python module.');
    await dialog.getByRole('radio', { name: 'FastMCP (Python)' }).check();
    await expect(dialog.locator('.export-preview .view-lines')).toContainText('A FastMCP server, exported from Toolscope: shout.', {
      timeout: 30_000,
    });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('shout_fastmcp_server.py');
    const file = await download.path();
    const text = await readFile(file, 'utf8');
    expect(text).toContain('async def shout(text: str) -> str:');
    expect(text).not.toMatch(/^\s*(from toolscope|import toolscope)/m);
    // CPython on this machine compiles what was downloaded.
    execFileSync('python3', ['-m', 'py_compile', file]);
  },
);
