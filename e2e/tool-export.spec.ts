import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { toolsAction } from './tools-actions.ts';

// Issue 18: a tool leaves the app as code (copied), as definitions, as a project; definitions come in.

const tools = (page: Page) => page.getByRole('region', { name: 'Tools' });
const selectTool = (page: Page, name: string) => tools(page).getByRole('button', { name, exact: true }).click();
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Serious or critical accessibility violations inside the open dialog. */
async function dialogViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await expect(tools(page).getByRole('img', { name: 'valid' }).first()).toBeVisible({ timeout: 30_000 });
});

test('exports a tool as AI SDK code and copies it; the Definition tab copies its JSON', async ({ page }) => {
  await selectTool(page, 'send_email');
  await toolsAction(page, 'Export as…');
  const dialog = page.getByRole('dialog', { name: 'Export as…' });
  await dialog.getByRole('radio', { name: 'Vercel AI SDK' }).check();
  await expect(dialog.locator('.export-preview .view-lines')).toContainText('send_email as a Vercel AI SDK tool', { timeout: 30_000 });
  await expect(dialog).toContainText('send-email-ai-sdk-tool.ts');
  await dialog.getByRole('button', { name: 'Copy exported code' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy exported code' })).toHaveText('Copied');
  const code = await clipboardText(page);
  expect(code).toContain("import { tool } from 'ai';");
  expect(code).toContain('export const sendEmail = tool({');
  // What the AI SDK lacks is said at the top, for the ctx features this tool uses.
  expect(code.split('\n').slice(0, 8).join('\n')).toContain('ctx.idempotencyKey is the tool call id');
  // Self-contained: Input is declared, not the editor's global.
  expect(code).toContain('type Input = z.output<typeof inputSchema>;');
  expect(await dialogViolations(page)).toEqual([]);

  // Every enabled tool at once, as an MCP server.
  await dialog.getByRole('radio', { name: /All enabled tools/ }).check();
  await dialog.getByRole('radio', { name: 'MCP server' }).check();
  await expect(dialog.getByText('mcp-server.ts', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'Definition' }).click();
  await page.getByRole('radio', { name: 'MCP' }).check();
  await page.getByRole('button', { name: 'Copy MCP definition' }).click();
  await expect(page.getByRole('button', { name: 'Copy MCP definition' })).toHaveText('Copied');
  const definition = JSON.parse(await clipboardText(page)) as { name: string; inputSchema: { required: string[] } };
  expect(definition.name).toBe('send_email');
  expect(definition.inputSchema.required).toEqual(['to', 'subject', 'body']);
});

test(
  'imports a pasted MCP tools/list: the good tools arrive and run their stub, the bad one is refused where it is wrong',
  { tag: '@extended' },
  async ({ page }) => {
    const toolsList = {
      jsonrpc: '2.0',
      id: 2,
      result: {
        tools: [
          {
            name: 'get_stock_price',
            description: 'Current price of a stock, by its ticker symbol.',
            inputSchema: {
              type: 'object',
              properties: { ticker: { type: 'string', pattern: '^[A-Z]{1,5}$', description: 'Ticker, e.g. "ACME"' } },
              required: ['ticker'],
            },
            annotations: { readOnlyHint: true },
          },
          {
            name: 'create_ticket',
            description: 'Open a support ticket.',
            inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
          },
          {
            name: 'unevaluated',
            description: 'Uses unevaluatedProperties, which zod cannot express.',
            inputSchema: { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false },
          },
        ],
      },
    };
    // What a person copied from an MCP Inspector's tools/list, pasted with Ctrl+V.
    await page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify(toolsList, null, 2));
    await toolsAction(page, 'Import…');
    const dialog = page.getByRole('dialog', { name: 'Import tool definitions' });
    await dialog.getByRole('textbox', { name: 'Tool definitions to import' }).focus();
    await page.keyboard.press('ControlOrMeta+V');
    const preview = dialog.getByLabel('What will be imported');
    await expect(preview).toContainText('get_stock_price');
    await expect(preview).toContainText('not imported: 1 error');
    await expect(preview).toContainText('result.tools[2].inputSchema.unevaluatedProperties');
    await expect(preview).toContainText('"unevaluatedProperties" cannot be written as zod');
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Import 2 tools' }).click();
    await expect(dialog).toBeHidden();

    await expect(tools(page).getByRole('button', { name: 'create_ticket', exact: true })).toBeVisible();
    await selectTool(page, 'get_stock_price');
    await page.getByRole('tab', { name: 'Schema' }).click();
    await expect(page.locator('.monaco-editor .view-lines').first()).toContainText('ticker: z.string().regex(/^[A-Z]{1,5}$/u)');
    // The stub runs in the sandbox like any tool: with arguments that fit the schema it answers a sample result.
    const argumentsEditor = page.getByRole('textbox', { name: 'Arguments editor' });
    await argumentsEditor.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{ "ticker": "ACME" }');
    await page.getByRole('button', { name: 'Run call' }).click();
    const result = page.getByRole('region', { name: 'Call result' });
    await expect(result).toContainText('success', { timeout: 30_000 });
    await expect(result).toContainText('"stub":true');
  },
);

test('lints show in the Problems list, and a placeholder description opens Settings', { tag: '@extended' }, async ({ page }) => {
  await tools(page).getByRole('button', { name: 'New tool' }).click();
  // A new tool is named inline first, then opens on its Schema.
  await page.keyboard.type('ship_parcel');
  await page.keyboard.press('Enter');
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('The description is a placeholder');
  await page.getByRole('tab', { name: 'Schema' }).click();
  const schemaEditor = page.getByRole('textbox', { name: 'Schema editor' });
  await schemaEditor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText("import { z } from 'zod'; export default z.object({ count: z.number() });");
  // Once the sandbox has compiled the new schema, the parameter without a description is pointed at.
  await expect(problems).toContainText('Schema 1:52', { timeout: 30_000 });
  await expect(problems).toContainText('Parameter "count" has no description');
  await problems.getByRole('button', { name: /The description is a placeholder/ }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
});

test('downloads a project zip with a module and a test per tool', { tag: '@extended' }, async ({ page }) => {
  await selectTool(page, 'calculator');
  await toolsAction(page, 'Export as…');
  const dialog = page.getByRole('dialog', { name: 'Export as…' });
  await dialog.getByRole('radio', { name: 'Project (.zip)' }).check();
  await dialog
    .getByRole('group', { name: 'Flavour' })
    .getByRole('radio', { name: /MCP server/ })
    .check();
  await expect(dialog.getByRole('table', { name: 'Generated tests' })).toContainText('calculator');
  expect(await dialogViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download project (.zip)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('calculator-tool.zip');
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const names = Object.keys(files);
  expect(names).toEqual(
    expect.arrayContaining([
      'calculator-tool/src/tools/calculator.ts',
      'calculator-tool/tests/calculator.test.ts',
      'calculator-tool/src/mcp-server.ts',
      'calculator-tool/src/core/executor.ts',
    ]),
  );
  const manifest = JSON.parse(strFromU8(files['calculator-tool/package.json'] as Uint8Array)) as { scripts: Record<string, string> };
  expect(manifest.scripts).toMatchObject({ start: 'tsx src/main.ts', test: 'tsc -p . && vitest run', serve: 'tsx src/serve-mcp.ts' });
  await expect(dialog.getByRole('status').filter({ hasText: 'calculator-tool.zip' })).toBeVisible();
});

test("a project's test expects invalid_arguments for arguments the schema refuses, not an assumed success (issue 26)", async ({ page }) => {
  await selectTool(page, 'get_weather');
  await page.getByRole('button', { name: 'Break them' }).click();
  await toolsAction(page, 'Export as…');
  const dialog = page.getByRole('dialog', { name: 'Export as…' });
  await dialog.getByRole('radio', { name: 'Project (.zip)' }).check();
  const row = dialog.getByRole('table', { name: 'Generated tests' }).getByRole('row', { name: /get_weather/ });
  await expect(row).toContainText('error: invalid_arguments', { timeout: 30_000 });
  await expect(row).toContainText('the schema refuses them');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download project (.zip)' }).click();
  const files = unzipSync(new Uint8Array(readFileSync(await (await downloading).path())));
  const test = strFromU8(files['get-weather-tool/tests/get-weather.test.ts'] as Uint8Array);
  expect(test).toContain("toMatchObject({ status: 'error', kind: 'invalid_arguments' })");
  expect(test).toContain('which its schema refuses');
  expect(test).not.toContain('assumed');
});
