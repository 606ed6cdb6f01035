// Against a server no one here wrote: the MCP project's server-everything (a real process started by
// playwright.config.ts), and its stdio mode reached through the local bridge. Images and resource links
// shown as such, a form answered, a sampling request answered by the mock, a task-required tool run as a
// task, the full definition, and twenty cancels that leave no connection behind.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { callsTable, hoverCall, phasesAlong, readCalls, waitForRunEnd } from './timeline-helpers.ts';
import {
  bridgeOrigin,
  bridgeUrl,
  callResult,
  connectSample,
  everythingOrigin,
  mcpSection,
  selectMcpTool,
  setNumber,
  testCall,
} from './mcp-helpers.ts';

test.describe.configure({ mode: 'serial' });
const everythingUrl = `${everythingOrigin}/mcp`;
const screens = process.env.MCP_SCREENSHOTS;

test.beforeEach(async ({ guards }) => {
  guards.allowOrigin(everythingOrigin);
  guards.allowOrigin(bridgeOrigin);
});

const modelText = (page: Page) => callResult(page).locator('.model-text');

test('server-everything: an image, resource links, a form, sampling by the mock, a task, the full definition', async ({ page }) => {
  await page.goto('/');
  await connectSample(page, everythingUrl);
  await expect(mcpSection(page).getByText(/Streamable HTTP · 16 tools/)).toBeVisible();

  await testCall(page, 'get-tiny-image', {});
  await expect(callResult(page).getByRole('img', { name: 'Image from the tool (image/png)' })).toBeVisible();
  await expect(modelText(page)).toContainText('An image (image/png');
  await expect(modelText(page)).not.toContainText('iVBOR');
  if (screens) await page.screenshot({ path: `${screens}/everything-image.png` });

  await testCall(page, 'get-resource-links', { count: 2 });
  await expect(callResult(page).getByText('Resource link:')).toHaveCount(2);

  // The server asks mid-call: the form starts with its defaults; the person types the one required field.
  await testCall(page, 'trigger-elicitation-request', {});
  const form = page.getByRole('dialog', { name: /asks you$/ });
  await expect(form).toContainText('Please provide inputs for the following fields');
  await expect(form.getByRole('textbox', { name: /^String with default/ })).not.toHaveValue('');
  await form.getByRole('textbox', { name: /^String \(required\)/ }).click();
  await page.keyboard.type('Ada Lovelace');
  if (screens) await page.screenshot({ path: `${screens}/everything-elicitation.png` });
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
  await expect(callResult(page)).toContainText('Ada Lovelace');
  // On the call: the wait for the person noted on its bar, the server's request and the answer in its traffic.
  await callsTable(page).getByRole('button', { name: 'trigger-elicitation-request' }).click();
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText('Waiting for you: Please provide inputs');
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText('You answered the form.');
  await expect(page.getByRole('list', { name: 'MCP traffic' })).toContainText('elicitation/create');

  // Declining is answered as a decline, not as an error.
  await page.getByRole('region', { name: 'Test call' }).getByRole('button', { name: 'Run call' }).click();
  await page
    .getByRole('dialog', { name: /asks you$/ })
    .getByRole('button', { name: 'Decline' })
    .click();
  await expect(callResult(page)).toContainText('declined');

  // Sampling: the mock answers at once (no consent needed), and the call's bar says so.
  await testCall(page, 'trigger-sampling-request', { prompt: 'Say hello', maxTokens: 50 });
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
  await expect(callResult(page)).toContainText('LLM sampling result');
  await expect(callResult(page)).toContainText('"role": "assistant"');
  await callsTable(page).getByRole('button', { name: 'trigger-sampling-request' }).click();
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText('The server asked the model (sampling/createMessage).');
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText(/answered the server/);
  await expect(page.getByRole('list', { name: 'MCP traffic' })).toContainText('sampling/createMessage');
  if (screens) await page.screenshot({ path: `${screens}/everything-sampling.png` });

  // A tool that requires a task runs as one: its statuses are noted on the call, then the report. Its four
  // stages take a second each: more than the default 5 s deadline once polling is counted.
  await setNumber(page, 'Default timeout (ms)', 20_000);
  await testCall(page, 'simulate-research-query', { topic: 'tides', ambiguous: false });
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(callResult(page)).toContainText('Research Report: tides');
  await callsTable(page).getByRole('button', { name: 'simulate-research-query' }).click();
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText(/Task .* created \(working\)/);
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText('Task working: Gathering sources');
  await expect(page.getByRole('list', { name: 'MCP traffic' })).toContainText('tasks/result');

  await selectMcpTool(page, 'simulate-research-query');
  await page.getByLabel('MCP tool simulate-research-query').getByRole('tab', { name: 'As listed' }).click();
  const effects = page.getByRole('table', { name: 'What the executor does with the definition' });
  await expect(effects.getByRole('row', { name: /execution\.taskSupport required Runs as a task/ })).toBeVisible();
  await expect(effects.getByRole('row', { name: /annotations\.destructiveHint false/ })).toBeVisible();
  await expect(page.getByLabel('The tool as the server listed it')).toContainText('"title": "Simulate Research Query"');
  if (screens) await page.screenshot({ path: `${screens}/everything-definition.png` });
});

test('a person slower at a server’s form than the call’s deadline: the deadline stands still, drawn as waiting for you', async ({
  page,
}) => {
  await page.goto('/');
  await connectSample(page, everythingUrl);
  await setNumber(page, 'Default timeout (ms)', 2000);
  await testCall(page, 'trigger-elicitation-request', {});
  const form = page.getByRole('dialog', { name: /asks you$/ });
  await expect(form).toContainText('Please provide inputs for the following fields');
  const row = callsTable(page).locator('tbody tr', { has: page.getByRole('button', { name: 'trigger-elicitation-request' }) });
  await expect(row.locator('.status-text')).toHaveText('waiting for you');
  // The person takes longer than the 2 s limit: the call's time passes it, and its deadline keeps ahead.
  const cells = async () => (await row.locator('td.number').allTextContents()).map(Number);
  await expect.poll(async () => (await cells())[2], { timeout: 20_000 }).toBeGreaterThan(3000);
  const [, start = 0, duration = 0, deadline = 0] = await cells();
  expect(deadline).toBeGreaterThan(start + duration);
  await expect(row.locator('.status-text')).toHaveText('waiting for you');
  if (screens) await page.screenshot({ path: `${screens}/waiting-for-you.png` });
  await form.getByRole('textbox', { name: /^String \(required\)/ }).click();
  await page.keyboard.type('Grace Hopper');
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
  await expect(callResult(page)).toContainText('Grace Hopper');
  expect((await cells())[2]).toBeGreaterThan(3000);
  // On the chart, the call's bar names the wait; the tooltip says what the server asked.
  const phases = await phasesAlong(page, await hoverCall(page, 'trigger-elicitation-request'));
  // Only the wait is sure to be wide enough to hover: the running before and after it lasts a few ms (a
  // bar of under 8 px at this zoom), so asking for it too failed under load.
  expect(phases).toContain('waiting for you (the deadline stands still)');
  if (screens) await page.screenshot({ path: `${screens}/waiting-for-you-answered.png` });

  // A sampling request: the model's answer is a model call drawn inside the tool call.
  await testCall(page, 'trigger-sampling-request', { prompt: 'Say hello', maxTokens: 50 });
  await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
  const sampled = await phasesAlong(page, await hoverCall(page, 'trigger-sampling-request'));
  expect(sampled).toContain('model call (the server asked the model)');
  if (screens) await page.screenshot({ path: `${screens}/sampling-nested.png` });
});

test('seven calls at once: those beyond the browser’s six connections to the server are drawn waiting for one, not running', async ({
  page,
}) => {
  await page.goto('/');
  await connectSample(page, everythingUrl);
  await setNumber(page, 'Concurrency limit', 8);
  await setNumber(page, 'Default timeout (ms)', 20_000);
  const report = (topic: number) => ({ name: 'trigger-long-running-operation', arguments: { duration: 2, steps: 2, topic } });
  const scenario = {
    name: 'Seven at once',
    turns: [{ text: 'Seven at once.', latencyMs: 50, toolCalls: [1, 2, 3, 4, 5, 6, 7].map(report) }, { text: 'All done.' }],
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
  // The server's own event stream holds one connection too: at least one call waits. Select it.
  const waiting = callsTable(page).locator('tbody tr').filter({ hasText: 'waiting for connection' });
  await expect(waiting.first()).toBeVisible();
  const waitedKey = await waiting.first().getAttribute('data-call-key');
  await callsTable(page).locator(`tr[data-call-key="${waitedKey}"]`).getByRole('button').click();
  if (screens) await page.screenshot({ path: `${screens}/waiting-for-connection.png` });
  await waitForRunEnd(page);
  const calls = await readCalls(page);
  expect(calls.map((call) => call.status)).toEqual(Array(7).fill('success'));
  // A call that waited ran for its 2 s after a connection freed: about 4 s in all.
  expect(Math.max(...calls.map((call) => call.duration))).toBeGreaterThan(3500);
  // On the chart, the selected call's bar begins with its wait: read the phase down its first quarter.
  await page.getByRole('button', { name: 'Zoom to selection' }).click();
  const box = await page.getByRole('group', { name: 'Timeline chart' }).boundingBox();
  if (!box) throw new Error('the chart is not visible');
  const x = box.x + 168 + (box.width - 184) * 0.15;
  const tooltip = page.getByRole('tooltip');
  const phases = new Set<string>();
  for (let y = box.y + 24; y < box.y + box.height; y += 4) {
    await page.mouse.move(x, y);
    const phase = (await tooltip.count()) > 0 ? /phase\s+([^\n]+)/.exec(await tooltip.innerText())?.[1] : undefined;
    if (phase) phases.add(phase.trim());
    if (phase?.includes('connection')) break;
  }
  expect([...phases]).toContain('waiting for a connection');
  if (screens) await page.screenshot({ path: `${screens}/waited-for-connection.png` });
});

test('twenty cancelled calls in a row, then a call at the speed it had before', async ({ page }) => {
  await page.goto('/');
  await connectSample(page, everythingUrl);
  const region = page.getByRole('region', { name: 'Test call' });
  const echoMs = async () => {
    await testCall(page, 'echo', { message: 'ping' });
    await expect(callResult(page).getByText('success', { exact: true })).toBeVisible();
    const text = (await callResult(page).locator('.result-summary').textContent()) ?? '';
    const [, amount, unit] = /([\d.]+) (ms|s)/.exec(text) ?? [];
    return Number(amount) * (unit === 's' ? 1000 : 1);
  };
  const before = await echoMs();
  await testCall(page, 'trigger-long-running-operation', { duration: 30, steps: 30 });
  for (let round = 0; round < 20; round++) {
    if (round > 0) await region.getByRole('button', { name: 'Run call' }).click();
    await expect(callResult(page).getByRole('status')).toHaveText('Running…');
    await region.getByRole('button', { name: 'Stop' }).click();
    await expect(region.getByRole('button', { name: 'Run call' })).toBeEnabled();
  }
  const after = await echoMs();
  test.info().annotations.push({ type: 'echo before and after 20 cancels', description: `${before} ms → ${after} ms` });
  // Six connections per origin: a leaked stream per cancel would leave the echo waiting for seconds.
  expect(after).toBeLessThan(Math.max(before * 4, before + 1000));
});

test('a stdio server reached through the bridge', async ({ page }) => {
  await page.goto('/');
  await connectSample(page, bridgeUrl);
  await expect(mcpSection(page).getByText(/Streamable HTTP · 16 tools/)).toBeVisible();
  await testCall(page, 'echo', { message: 'over stdio' });
  await expect(callResult(page)).toContainText('Echo: over stdio');
});
