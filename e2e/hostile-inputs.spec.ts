import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectAsResponsiveAs, installProbe } from './responsiveness.ts';
import { createDefaultWorkspace, encodeShareLink } from '../src/workspace/index.ts';

// Issue 28, finding 3: a 9 kB share link nesting a scenario 100,000 levels deep threw during render (the
// recursive JSON parser's RangeError), blanked the app, and autosave made it survive every reload. Now the
// parser stops at a depth, the scenario editor marks the problem, and the page stays responsive.

async function nestedScenarioLink(baseURL: string, depth: number): Promise<string> {
  const workspace = createDefaultWorkspace();
  workspace.tools = workspace.tools.filter((tool) => tool.name === 'get_weather');
  const source = `{"name":"nested","turns":[{"toolCalls":[{"name":"get_weather","arguments":${'['.repeat(depth)}${']'.repeat(depth)}}]}]}`;
  workspace.scenarios = [{ ...workspace.scenarios[0]!, name: `Nested ${depth} deep`, source }];
  const encoded = await encodeShareLink(workspace, `${baseURL}/`);
  if (!encoded.ok) throw new Error(encoded.message);
  return encoded.url;
}

/** Opens a share link and its scenario editor; the longest frame gap meanwhile (ms). */
async function openLink(page: Page, link: string, depth: number): Promise<number> {
  // A link that differs only in its hash would not load the page again.
  await page.goto('about:blank');
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Open a shared workspace?' });
  await expect(dialog).toContainText(`Nested ${depth} deep`);
  await installProbe(page);
  await page.evaluate(() => window.__responsiveness?.reset());
  await dialog.getByRole('button', { name: 'Open shared workspace' }).click();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByText('Edit scenario JSON').click();
  // Monaco for the harmless scenario, the plain text area for the one too deep for it.
  await expect(conversation.locator('.scenario-editor-body').locator('.monaco-editor, .editor-plain').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'get_weather' })).toBeVisible();
  return page.evaluate(() => window.__responsiveness?.longestFrameGapMs ?? -1);
}

test('a share link nesting a scenario 100,000 deep opens, says what is wrong, keeps the page responsive and survives a reload', async ({
  page,
  baseURL,
}) => {
  const bomb = await nestedScenarioLink(baseURL as string, 100_000);
  expect(bomb.length, 'the link is small').toBeLessThan(12_000);
  // The same link with a harmless scenario, opened the same way: what this machine's load allows.
  const baseline = await openLink(page, await nestedScenarioLink(baseURL as string, 1), 1);
  const gap = await openLink(page, bomb, 100_000);
  expectAsResponsiveAs(gap, baseline, 'a share link with a scenario nested 100,000 deep, opened');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('list', { name: 'Scenario problems' })).toContainText('Nested deeper than 128 levels');
  await expect(conversation.getByText(/Shown as plain text.*brackets nest more than 256 deep/)).toBeVisible();

  // Saved as it is (nothing lost), and the app still starts with it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'get_weather' })).toBeVisible();
  await conversation.getByText('Edit scenario JSON').click();
  await expect(conversation.getByRole('list', { name: 'Scenario problems' })).toContainText('Nested deeper than 128 levels');
});

test('safe mode keeps the saved workspace aside, opens a new one, and can put the kept one back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New tool' }).click();
  await page.getByRole('textbox', { name: 'New tool name' }).press('Enter');
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'new_tool' })).toBeVisible();
  // Autosave runs shortly after a change.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('toolscope.workspace')?.includes('new_tool'))).toBe(true);

  await page.goto('/?safe-mode');
  await expect(page.getByText(/^Safe mode: Toolscope started with a new default workspace\. Your workspace is kept under/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'get_weather' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'new_tool' })).toHaveCount(0);
  expect(new URL(page.url()).search, 'the address no longer asks for safe mode').toBe('');
  await page.getByRole('button', { name: 'Open my workspace again' }).click();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'new_tool' })).toBeVisible();

  // A reload after safe mode opens the new workspace, not the one kept aside.
  await page.goto('/?safe-mode');
  await expect(page.getByRole('button', { name: 'Open my workspace again' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'get_weather' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'new_tool' })).toHaveCount(0);
});
