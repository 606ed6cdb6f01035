import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { callsTable, hoverCall, openWithToolsReady, phasesAlong, readCalls, runScenario, waitForRunEnd } from './timeline-helpers.ts';

// A whole run in the sandbox, on a shared machine: tools compile in workers before anything can run.
test.describe.configure({ timeout: 120_000 });

test('parallel calls: one row per call, and the bars overlap in time', { tag: '@extended' }, async ({ page }) => {
  await openWithToolsReady(page);
  await runScenario(page, 'Parallel calls');
  await waitForRunEnd(page);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(callsTable(page).getByRole('columnheader')).toHaveText([
    'Tool',
    'Status',
    'Attempts',
    'Start (ms)',
    'Duration (ms)',
    'Deadline (ms)',
    'After deadline',
    'Version',
  ]);
  await expect(callsTable(page).locator('tbody tr')).toHaveCount(4);
  const calls = await readCalls(page);
  expect(calls.map((call) => call.tool).sort()).toEqual(['get_weather', 'get_weather', 'get_weather', 'search_web']);
  expect(calls.every((call) => call.status === 'success' && call.attempts === 1)).toBe(true);
  // Every call started before every other one ended: they ran together, not one after another.
  const latestStart = Math.max(...calls.map((call) => call.start));
  const earliestEnd = Math.min(...calls.map((call) => call.start + call.duration));
  expect(latestStart).toBeLessThan(earliestEnd);
  await expect(timeline.getByRole('toolbar', { name: 'Timeline controls' })).toContainText('peak 4 of 4');

  // The chart shows the same calls: hovering a bar names it and its phase.
  await hoverCall(page, 'search_web');
  await expect(page.getByRole('tooltip')).toContainText('success');

  const accessibility = await new AxeBuilder({ page }).include('section[aria-labelledby="panel-timeline"]').analyze();
  expect(accessibility.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual(
    [],
  );
});

test('timeout: the deadline is marked and the call ends in a timeout', { tag: '@extended' }, async ({ page }) => {
  await openWithToolsReady(page);
  await runScenario(page, 'Timeout');
  await waitForRunEnd(page);
  const calls = await readCalls(page);
  expect(calls.map((call) => [call.tool, call.status, call.attempts])).toEqual([
    ['slow_report', 'timeout', 1],
    ['stubborn_task', 'timeout', 1],
  ]);
  // The work would take 5 s; the executor gave up at the deadline (validation in the sandbox comes on top).
  for (const call of calls) expect(call.duration).toBeLessThan(5000);

  await hoverCall(page, 'slow_report');
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('deadline');
  await expect(tooltip).toContainText('timeout');

  for (const tool of ['slow_report', 'stubborn_task']) {
    await callsTable(page).getByRole('button', { name: tool }).click();
    const attempt = page.getByRole('region', { name: 'Inspector' }).getByRole('list', { name: 'Attempts' }).getByRole('listitem').first();
    await expect(attempt).toContainText(/timeout · deadline/);
    // The attempt lasted exactly its limit: "(3 s) · timeout · deadline 4 s (3 s limit)".
    const [, ran, limit] = /\(([^)]+)\) · timeout · deadline [^(]+\(([^)]+) limit\)/.exec(await attempt.innerText()) ?? [];
    expect(ran).toBeDefined();
    expect(ran).toBe(limit);
  }
  await expect(page.getByRole('region', { name: 'Inspector' }).getByLabel('Sent to the model')).toContainText('timed out');
});

test('a retrying tool shows each attempt and its backoff waits', { tag: '@extended' }, async ({ page }) => {
  await openWithToolsReady(page);
  await runScenario(page, 'Flaky tool');
  await waitForRunEnd(page);
  const [call] = await readCalls(page);
  expect(call).toMatchObject({ tool: 'flaky_api', status: 'success', attempts: 3 });

  await callsTable(page).getByRole('button', { name: 'flaky_api' }).click();
  const attempts = page.getByRole('region', { name: 'Inspector' }).getByRole('list', { name: 'Attempts' }).getByRole('listitem');
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(0)).toContainText(/execution error[\s\S]*Retry in \d+ ms/);
  await expect(attempts.nth(1)).toContainText(/Retry in \d+ ms/);
  await expect(attempts.nth(2)).toContainText('success');

  // Between the attempts the bar shows the waits.
  const phases = await phasesAlong(page, await hoverCall(page, 'flaky_api'));
  expect(phases).toEqual(expect.arrayContaining(['running', 'backoff wait']));
});
