// MCP servers end to end: the sample server runs as a real process (playwright.config.ts), the app
// connects to it from the browser, and its tools run through the executor the timeline draws.
import { test, expect } from './fixtures.ts';
import {
  callResult,
  connectSample,
  connectServer,
  mcpOrigin,
  mcpSection,
  sampleEvents,
  selectMcpTool,
  setNumber,
  testCall,
} from './mcp-helpers.ts';
import { callsTable, hoverCall, openWithToolsReady, peakOverlap, readCalls, waitForRunEnd } from './timeline-helpers.ts';

// One sample server for every test: its record of calls is reset before each.
test.describe.configure({ mode: 'serial' });

const screens = process.env.MCP_SCREENSHOTS;

test.beforeEach(async ({ guards, request }) => {
  guards.allowOrigin(mcpOrigin);
  await request.post(`${mcpOrigin}/test/reset`);
});

test('connect, list the tools beside the sandboxed ones, run a test call with its traffic in the inspector, see the list change', async ({
  page,
}) => {
  await page.goto('/');
  await connectSample(page);
  const section = mcpSection(page);
  await expect(section.getByText('1.0.0 · Streamable HTTP · 8 tools')).toBeVisible();
  const tools = section.getByRole('list', { name: 'Tools of toolscope-sample' });
  for (const name of [
    'lookup_city',
    'build_report',
    'flaky_lookup',
    'stubborn_export',
    'delete_record',
    'toggle_extra_tool',
    'drop_connection',
    'test_reconnection',
  ])
    await expect(tools.getByRole('button', { name, exact: true })).toBeVisible();

  await testCall(page, 'lookup_city', { city: 'Paris' });
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
  await expect(callResult(page).getByLabel('Structured content')).toContainText('"country": "France"');
  await page.getByLabel('MCP tool lookup_city').getByRole('tab', { name: 'Definition' }).click();
  await page.getByRole('radio', { name: 'Anthropic' }).check();
  await expect(page.getByLabel('Definition sent to the model')).toContainText('"input_schema"');

  await callsTable(page).getByRole('button', { name: 'lookup_city' }).click();
  const traffic = page.getByRole('list', { name: 'MCP traffic' }).getByRole('listitem');
  await expect(traffic).toHaveCount(2);
  await expect(traffic.first()).toContainText('→ tools/call');
  await expect(traffic.last()).toContainText('← result');
  if (screens) {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: `${screens}/mcp-test-call-1280.png` });
  }

  // The connection panel and the server's details are usable with a screen reader too.
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await section.getByRole('button', { name: 'toolscope-sample' }).click();
  const details = page.getByRole('dialog', { name: 'MCP server toolscope-sample' });
  await expect(details.getByLabel('Capabilities')).toContainText('"listChanged": true');
  if (screens) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screens}/mcp-details-1280-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  const results = await new AxeBuilder({ page }).include('.mcp-servers').include('dialog').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await details.getByRole('button', { name: 'Done' }).click();

  // The server changes its list (notifications/tools/list_changed): the list refreshes live, with a notice.
  await testCall(page, 'toggle_extra_tool', {});
  await expect(tools.getByRole('button', { name: 'extra_echo' })).toBeVisible();
  await expect(tools.getByRole('listitem').filter({ hasText: 'extra_echo' })).toContainText('new');
  await expect(page.getByText(/MCP server toolscope-sample changed its tools: added extra_echo/)).toBeVisible();
  await selectMcpTool(page, 'toggle_extra_tool');
  await expect(page.getByText('The server changed this tool since you connected.')).toBeVisible();
  await expect(page.getByLabel('MCP tool toggle_extra_tool')).toContainText('Removes the tool extra_echo');
});

test(
  'a mock model calls two MCP tools in parallel under a limit of 1: one waits in the queue, progress ticks are drawn',
  { tag: '@extended' },
  async ({ page }) => {
    await openWithToolsReady(page);
    await connectSample(page);
    await setNumber(page, 'Concurrency limit', 1);
    const scenario = {
      name: 'Two reports',
      turns: [
        {
          text: 'Building both reports.',
          latencyMs: 50,
          toolCalls: [
            { name: 'build_report', arguments: { topic: 'north', steps: 4, stepMs: 300 } },
            { name: 'build_report', arguments: { topic: 'south', steps: 4, stepMs: 300 } },
          ],
        },
        { text: 'Both reports are ready.' },
      ],
    };
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('Edit scenario JSON').click();
    await expect(page.locator('.scenario-editor .view-line').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Scenario editor' }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify(scenario));
    await expect(conversation.getByRole('list', { name: 'Scenario problems' })).toHaveCount(0);
    await conversation.getByRole('button', { name: 'Run scenario' }).click();

    // While the first report runs, the second waits for the one slot.
    await expect(callsTable(page).locator('tbody tr').filter({ hasText: 'queued' })).toHaveCount(1);
    if (screens) await page.screenshot({ path: `${screens}/mcp-run-queued.png` });
    await waitForRunEnd(page);
    const calls = await readCalls(page);
    expect(calls.map((call) => [call.tool, call.status])).toEqual([
      ['build_report', 'success'],
      ['build_report', 'success'],
    ]);
    expect(peakOverlap(calls)).toBe(1);
    expect(calls[1]!.start).toBeGreaterThanOrEqual(calls[0]!.start + calls[0]!.duration - 2);

    const { y, left, right } = await hoverCall(page, 'build_report');
    await page.mouse.move((left + right) / 2, y);
    await expect(page.getByRole('tooltip')).toContainText(/progress.*4\/4 Section 4 of 4 \(4 reports\)/);
    await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveCount(4);
    if (screens) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.screenshot({ path: `${screens}/mcp-run-1280.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${screens}/mcp-run-1280-dark.png` });
    }
  },
);

test(
  'a timeout reaches the server as notifications/cancelled, and many cancelled calls never stall the next one',
  { tag: '@extended' },
  async ({ page, request }) => {
    await page.goto('/');
    // As the SDK alone behaves, this endpoint leaves a cancelled request's stream open: the client ends it.
    await connectSample(page, `${mcpOrigin}/keep-open/mcp`);
    await setNumber(page, 'Timeout (ms)', 400);
    await testCall(page, 'stubborn_export', { seconds: 1.5 });
    await expect(callResult(page).getByText('timeout', { exact: true })).toBeVisible();
    await expect.poll(async () => (await sampleEvents(request)).cancellations.map((entry) => entry.tool)).toEqual(['stubborn_export']);
    const [cancellation] = (await sampleEvents(request)).cancellations;
    expect(cancellation?.reason).toContain('timed out after 400 ms');
    // The server ignores cancellation: it finishes anyway, and says when.
    await expect
      .poll(async () => (await sampleEvents(request)).lateFinishes.map((entry) => entry.tool), { timeout: 5000 })
      .toEqual(['stubborn_export']);
    await callsTable(page).getByRole('button', { name: 'stubborn_export' }).click();
    await expect(page.getByRole('list', { name: 'MCP traffic' })).toContainText(`→ notifications/cancelled #${cancellation?.requestId}`);

    // A browser has six connections per origin and the server's event stream holds one: six more cancelled
    // calls whose streams stayed open would leave none, and this last call would never start.
    for (let round = 0; round < 6; round++) {
      await page.getByRole('region', { name: 'Test call' }).getByRole('button', { name: 'Run call' }).click();
      await expect(callResult(page).getByText('timeout', { exact: true })).toBeVisible();
    }
    await testCall(page, 'lookup_city', { city: 'Tokyo' });
    await expect(callResult(page).getByText('success', { exact: true })).toBeVisible({ timeout: 5000 });
  },
);

test(
  'an idempotent tool is retried through HTTP 503s, a destructive one never',
  { tag: '@extended' },
  async ({ page, request, guards }) => {
    guards.expectConsoleError(/status of 503/);
    await page.goto('/');
    await connectSample(page);
    const id = `e2e-${Date.now()}`;
    await testCall(page, 'flaky_lookup', { id });
    await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
    await expect(callResult(page)).toContainText('3 attempts');
    await testCall(page, 'delete_record', { id });
    await expect(callResult(page).getByText('error', { exact: true })).toBeVisible();
    await expect(callResult(page)).toContainText('1 attempt');
    await expect(callResult(page)).toContainText('toolscope-sample answered HTTP 503 (a transient failure).');
    const events = await sampleEvents(request);
    expect(events.refusals.map((entry) => entry.tool)).toEqual(['flaky_lookup', 'flaky_lookup', 'delete_record']);
    expect(events.calls.map((entry) => entry.tool)).toEqual(['flaky_lookup']);
  },
);

test(
  'disconnecting mid-call, or a server that drops the call, ends the call with a clear error',
  { tag: '@extended' },
  async ({ page, guards }) => {
    // Chromium reports each response the server cut off, and the refused resume of the dropped call's stream
    // (the server lost the call: its Last-Event-ID reconnect gets HTTP 400).
    guards.expectConsoleError(/ERR_INCOMPLETE_CHUNKED_ENCODING|status of 400/);
    await page.goto('/');
    await connectSample(page);
    await testCall(page, 'build_report', { topic: 'long', steps: 30, stepMs: 200 });
    await expect(callResult(page).getByRole('status')).toHaveText('Running…');
    await mcpSection(page).getByRole('button', { name: 'Disconnect' }).click();
    await expect(
      page.getByRole('region', { name: 'Test call' }).getByRole('alert').or(callResult(page).locator('.error-message')),
    ).toContainText('toolscope-sample was disconnected (MCP servers → Disconnect).');
    await mcpSection(page).getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(mcpSection(page).getByRole('img', { name: 'connected' })).toBeVisible();
    await testCall(page, 'drop_connection', { afterMs: 200 });
    await expect(callResult(page).locator('.error-message')).toContainText(
      /The MCP server toolscope-sample (dropped the connection|closed the call's response stream)/,
    );
  },
);

test('wrong servers get clear messages and the rest keeps working', { tag: '@extended' }, async ({ page, guards }) => {
  guards.allowOrigin('http://127.0.0.1:9');
  guards.expectConsoleError(/CORS policy|ERR_FAILED|ERR_UNSAFE_PORT|status of 40/);
  await page.goto('/');
  await connectSample(page);
  const dialog = page.getByRole('dialog', { name: 'Connect an MCP server' });
  const cases: [string, RegExp][] = [
    ['http://127.0.0.1:9/mcp', /Could not reach http:\/\/127\.0\.0\.1:9\/mcp: nothing answered/],
    [`${mcpOrigin}/no-cors/mcp`, /the browser blocked the answer \(CORS\): the server does not allow this page's origin/],
    [`${mcpOrigin}/html`, /answered with an HTML page \(HTTP 200\), not MCP/],
    [`${mcpOrigin}/old-protocol/mcp`, /speaks MCP protocol version 2023-01-01, which this client does not support/],
  ];
  for (const [url, message] of cases) {
    await connectServer(page, url);
    await expect(dialog.getByRole('alert')).toHaveText(message);
    if (screens && url.includes('no-cors')) await page.screenshot({ path: `${screens}/mcp-cors-refusal.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  // Failed connects leave nothing behind: only the sample server is listed.
  await expect(mcpSection(page).getByRole('listitem', { name: /^MCP server / })).toHaveCount(1);

  // A second server beside the first: one of its tools has an inputSchema that is not JSON Schema.
  await connectSample(page, `${mcpOrigin}/bad-schema/mcp`);
  await expect(mcpSection(page).getByRole('listitem', { name: /^MCP server / })).toHaveCount(2);
  await expect(
    mcpSection(page).getByRole('listitem').filter({ hasText: 'broken_schema' }).getByRole('img', { name: 'errors' }),
  ).toBeVisible();
  await selectMcpTool(page, 'broken_schema');
  await expect(page.getByRole('alert').filter({ hasText: 'It cannot run: inputSchema is not valid JSON Schema' })).toBeVisible();
  await testCall(page, 'good_echo', { text: 'still here' });
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
  await expect(callResult(page)).toContainText('still here');
  await testCall(page, 'lookup_city', { city: 'Oslo' });
  await expect(callResult(page).getByLabel('Structured content')).toContainText('"country": "Norway"');
});
