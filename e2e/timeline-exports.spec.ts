import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures.ts';
import { callsTable, openWithToolsReady, peakOverlap, readCalls, runScenario, waitForRunEnd } from './timeline-helpers.ts';

// A whole run in the sandbox, on a shared machine: tools compile in workers before anything can run.
test.describe.configure({ timeout: 120_000 });

test('a fan-out runs live under the limit; metrics, exports and a reloaded run agree with it', async ({ page }) => {
  // Every status a Calls table row shows, recorded as it changes: the queue lasts about a second, and on
  // a busy machine a poll after the fact can miss it.
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { statusesSeen: Set<string> }).statusesSeen = seen;
    new MutationObserver(() => {
      for (const cell of document.querySelectorAll('.calls-table .status-text')) seen.add(cell.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await openWithToolsReady(page);
  await runScenario(page, 'Fan-out');
  await waitForRunEnd(page);
  // Live: while the first wave ran, later calls waited in the queue.
  const statuses = await page.evaluate(() => [...(window as unknown as { statusesSeen: Set<string> }).statusesSeen]);
  expect(statuses).toEqual(expect.arrayContaining(['queued', 'running', 'success']));
  const calls = await readCalls(page);
  expect(calls).toHaveLength(10);
  // The concurrency limit (4 by default) is a ceiling the chart's lanes make visible.
  expect(peakOverlap(calls)).toBe(4);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('toolbar', { name: 'Timeline controls' })).toContainText('peak 4 of 4');

  const traceDownload = page.waitForEvent('download');
  await timeline.getByRole('button', { name: 'Export trace' }).click();
  const trace = JSON.parse(await readFile(await (await traceDownload).path(), 'utf8')) as {
    traceEvents: { ph: string; tid: number; cat?: string; dur?: number; name: string; args?: { name?: string } }[];
  };
  const threads = trace.traceEvents.filter((event) => event.ph === 'M' && event.name === 'thread_name').map((event) => event.args?.name);
  expect(threads).toEqual(['Model', 'Slot 1', 'Slot 2', 'Slot 3', 'Slot 4', 'Rejected before running']);
  expect(trace.traceEvents.filter((event) => event.ph === 'X' && event.cat === 'tool')).toHaveLength(10);

  const runDownload = page.waitForEvent('download');
  await timeline.getByRole('button', { name: 'Export run' }).click();
  const runPath = await (await runDownload).path();

  await timeline.getByRole('tab', { name: 'Metrics' }).click();
  const metrics = timeline.getByRole('table', { name: 'Metrics per tool' });
  await expect(metrics.getByRole('row', { name: /slow_report/ })).toContainText('10');
  const promDownload = page.waitForEvent('download');
  await timeline.getByRole('button', { name: 'Export Prometheus' }).click();
  const prometheus = await readFile(await (await promDownload).path(), 'utf8');
  expect(prometheus).toContain('# TYPE agent_tool_calls_total counter');
  expect(prometheus).toMatch(/agent_tool_peak_concurrency\{tool_name="slow_report"\} 4/);

  // Load the exported run in a fresh page: same rows, same conversation, and it replays.
  await page.goto('/');
  await page.getByRole('region', { name: 'Timeline' }).getByLabel('Run file to load').setInputFiles(runPath);
  await expect(callsTable(page).locator('tbody tr')).toHaveCount(10);
  expect(await readCalls(page)).toEqual(calls);
  await expect(page.getByRole('region', { name: 'Conversation' })).toContainText('One report per region');
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(callsTable(page).getByText('queued').first()).toBeVisible();
  await page.getByRole('button', { name: 'Stop replay' }).click();
  await expect(callsTable(page).getByText('queued')).toHaveCount(0);
});

test('a file that is not a run is refused with a message', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByLabel('Run file to load')
    .setInputFiles({ name: 'nope.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"something else"}') });
  await expect(page.getByText(/nope\.json could not be loaded: .*not a Toolscope run file/)).toBeVisible();
});

test(
  'compare: the same scenario at concurrency 1, 3 and unlimited, stacked with their total times',
  { tag: '@extended' },
  async ({ page }) => {
    await openWithToolsReady(page);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const picker = conversation.getByRole('combobox', { name: 'Scenario' });
    const label = (await picker.locator('option').allTextContents()).find((candidate) => candidate.startsWith('Fan-out'))!;
    await picker.selectOption({ label });
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('tab', { name: 'Compare' }).click();
    await timeline.getByRole('button', { name: 'Compare', exact: true }).click();
    const results = timeline.getByRole('list', { name: /^Comparison of Fan-out/ }).getByRole('listitem');
    await expect(results).toHaveCount(3);
    await expect(timeline.getByRole('button', { name: 'Compare', exact: true })).toBeVisible({ timeout: 30_000 });
    const totals = await results.locator('.total').allTextContents();
    const seconds = totals.map((text) => {
      const match = /total ([\d.]+) (ms|s)/.exec(text);
      if (!match) throw new Error(`no total in "${text}"`);
      return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
    });
    // Ten 400 ms reports: one at a time, then in waves of three, then all at once.
    expect(seconds[0]).toBeGreaterThan(seconds[1]!);
    expect(seconds[1]).toBeGreaterThan(seconds[2]!);
    await expect(results.getByRole('img')).toHaveCount(3);
  },
);
