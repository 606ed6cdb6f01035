import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { callResult, connectSample, connectServer, mcpOrigin, mcpSection, sampleUrl, selectMcpTool, testCall } from './mcp-helpers.ts';
import { expectAsResponsiveAs, installProbe } from './responsiveness.ts';

// Issue 28, a hostile MCP server (mcp-sample/hostile-server.ts): 3,000 tools of 50 properties blocked the
// page 12 s at connect (Ajv compiled each schema on the main thread), a `^(a+)+$` pattern ran natively for
// seconds, a schema nested thousands deep overflowed recursive readers, and a property's Markdown
// description rendered a remote image in the Test call editor's hover (data leaving around the allowlist).

const hostileUrl = `${mcpOrigin}/hostile/mcp`;
/** The same server without the 3,000 wide tools. */
const fewUrl = `${mcpOrigin}/hostile/few/mcp`;

test.beforeEach(async ({ guards, request }) => {
  guards.allowOrigin(mcpOrigin);
  await request.post(`${mcpOrigin}/test/reset`);
});

const longestFrameGap = (page: Page) => page.evaluate(() => window.__responsiveness?.longestFrameGapMs ?? -1);

/**
 * Connects like a person and returns the longest frame gap (ms) until the dialog has closed on the listed
 * tools. Waited for with a plain query: Playwright's role queries walk the whole page on the main thread,
 * and over 3,000 listed tools they would be what stalls the frames.
 */
async function connectMeasured(page: Page, url: string): Promise<number> {
  await page.evaluate(() => window.__responsiveness?.reset());
  await connectServer(page, url);
  await page.waitForFunction(() => !document.getElementById('mcp-connect-form'), undefined, { timeout: 120_000, polling: 500 });
  return longestFrameGap(page);
}

test(
  'a server listing 3,000 tools of 50 properties leaves the page responsive at connect, and usable after a reload',
  { tag: '@extended' },
  async ({ page, request }) => {
    // At load ~20 the connect's longest frame gap was 1,133 ms against 317 ms for the sample server (4,600 ms
    // before each schema was checked once; 12 s with Ajv): the rest was rendering all 3,004 rows at once.
    test.setTimeout(240_000);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'get_weather' })).toBeVisible();
    await installProbe(page);
    // The sample server, connected the same way: what this machine's load allows.
    const baseline = await connectMeasured(page, sampleUrl);
    const gap = await connectMeasured(page, hostileUrl);
    expectAsResponsiveAs(gap, baseline, 'connecting a server that lists 3,004 tools of up to 50 properties');
    // Only the rows near the scroll position are in the page; each says where it sits among all 3,004.
    const hostileTools = mcpSection(page).getByRole('list', { name: /^Tools of hostile-sample/ });
    await expect(hostileTools.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '3004');
    expect(await hostileTools.getByRole('listitem').count(), 'rows in the DOM of 3,004').toBeLessThan(200);

    // The person scrolls the Tools panel to the end of the list, picks the last tool and runs it.
    await hostileTools.getByRole('listitem').first().hover();
    const lastTool = mcpSection(page).getByRole('button', { name: 'wide_2999', exact: true });
    await expect(async () => {
      await page.mouse.wheel(0, 20_000);
      await expect(lastTool).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await testCall(page, 'wide_2999', { field_0: 'x' });
    await expect(callResult(page).getByText('success', { exact: true })).toBeVisible({ timeout: 30_000 });
    // By keyboard: from the tool's name to its checkbox, which Space unticks.
    await lastTool.focus();
    await page.keyboard.press('Tab');
    const lastCheckbox = mcpSection(page).getByRole('checkbox', { name: 'Enable wide_2999' });
    await expect(lastCheckbox).toBeFocused();
    await page.keyboard.press('Space');
    await expect(lastCheckbox).not.toBeChecked();

    // Servers are connected by the person after a reload: the hostile one is the second.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'get_weather' })).toBeVisible();
    await mcpSection(page)
      .getByRole('listitem', { name: /^MCP server / })
      .nth(1)
      .getByRole('button', { name: 'Connect' })
      .click();
    await expect(mcpSection(page).getByRole('button', { name: 'image_note', exact: true })).toBeVisible({ timeout: 60_000 });
    expect((await (await request.get(`${mcpOrigin}/test/exfiltrated`)).json()) as string[]).toEqual([]);
  },
);

test(
  'a 2,000-deep schema and one that is not JSON Schema are listed with their problem; a catastrophic pattern is checked at once',
  { tag: '@extended' },
  async ({ page }) => {
    await page.goto('/');
    await installProbe(page);
    await connectSample(page, fewUrl);
    await selectMcpTool(page, 'deep_schema');
    await expect(page.getByRole('alert').filter({ hasText: 'It cannot run: inputSchema nests deeper than 128 levels' })).toBeVisible();
    await selectMcpTool(page, 'not_json_schema');
    await expect(page.getByRole('alert').filter({ hasText: 'It cannot run: inputSchema is not valid JSON Schema' })).toBeVisible();

    // A harmless call first, then `^(a+)+$` against 41 characters: on RE2 the call is refused at once.
    await page.evaluate(() => window.__responsiveness?.reset());
    await testCall(page, 'image_note', { note: 'hello' });
    await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
    const baseline = await longestFrameGap(page);
    await page.evaluate(() => window.__responsiveness?.reset());
    await testCall(page, 'slow_pattern', { word: `${'a'.repeat(40)}!` });
    await expect(callResult(page)).toContainText('does not match pattern');
    expectAsResponsiveAs(await longestFrameGap(page), baseline, 'a call checked against ^(a+)+$ on 41 characters');
  },
);

test('a Markdown image in an MCP tool description renders no image in the Test call hover and fetches nothing', async ({
  page,
  request,
}) => {
  const imageRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/exfil')) imageRequests.push(sent.url());
  });
  await page.goto('/');
  await connectSample(page, fewUrl);
  await testCall(page, 'image_note', { note: 'hello' });
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();

  // The person points at the property in the arguments editor, as one does to read what it is for.
  const testCallRegion = page.getByRole('region', { name: 'Test call' });
  await testCallRegion
    .locator('.view-line span', { hasText: /^"note"$/ })
    .first()
    .hover();
  const hover = page.locator('.monaco-hover').filter({ hasText: 'The note.' });
  await expect(hover).toBeVisible({ timeout: 15_000 });
  await expect(hover.locator('img')).toHaveCount(0);
  // Give a loading image time to arrive before counting what left.
  await page.waitForTimeout(1000);
  expect(imageRequests, 'requests for the description images').toEqual([]);
  expect((await (await request.get(`${mcpOrigin}/test/exfiltrated`)).json()) as string[]).toEqual([]);
});
