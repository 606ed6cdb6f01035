// Issue 13.3: a canary that is real. The canary scenario releases v2 of flaky_api through the versions
// feature (its code has the bug), the Calls table and the metrics say which version served each call, and
// Rollback, pressed during the run, sends the calls that come after it to v1.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createDefaultWorkspace } from '../src/workspace/default-workspace.ts';
import { screens } from './screens.ts';
import { callsTable, openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

interface CallVersion {
  tool: string;
  status: string;
  version: string;
}

/** Ended calls of the Calls table, with the version that served each. */
async function callVersions(page: Page): Promise<CallVersion[]> {
  const rows = await callsTable(page)
    .locator('tbody tr')
    .evaluateAll((elements) =>
      elements.map((row) => ({
        tool: row.querySelector('td')?.textContent?.trim() ?? '',
        status: row.querySelectorAll('td')[1]?.textContent?.trim() ?? '',
        version: row.querySelector('.version-cell')?.textContent?.trim() ?? '',
      })),
    );
  return rows.filter((row) => row.tool.startsWith('flaky_api') && !/queued|running/.test(row.status));
}

/** The error rate cell of a version's row in a "by version" table (cells: version, calls, errors, rate, kinds). */
const errorRate = (table: Locator, version: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: version, exact: true }) })
    .getByRole('cell')
    .nth(3);

test('the canary scenario runs a real v2 beside v1; Rollback during the run sends the later calls to v1', async ({ page }) => {
  await openWithToolsReady(page);
  await page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'flaky_api', exact: true }).click();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Versions of flaky_api' });
  await expect(versions.getByRole('row', { name: /^v1 stable 100%/ })).toBeVisible();

  // Step mode holds the run between the two batches for as long as the checks below take: in real time
  // the 4 s pause ran out before Rollback on a loaded machine (a full local run), and the second batch
  // went to v2. Pressing Rollback while the run is paused is still pressing it during the run.
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('checkbox', { name: 'Step' }).check();
  await runScenario(page, 'Canary: v2 of flaky_api');
  const paused = conversation.getByRole('region', { name: 'Paused run' });
  for (const next of ['Paused before the tool batch of turn 1', 'Paused after the tool batch of turn 1', 'Paused before model call 2']) {
    await expect(paused).toContainText(/^Paused/);
    await paused.getByRole('button', { name: 'Step' }).click();
    await expect(paused).toContainText(next);
  }
  // The scenario released v2 through the versions feature: the tab shows it at its canary share.
  await expect(versions.getByRole('row', { name: /^v1 stable 75%/ })).toBeVisible();
  await expect(versions.getByRole('row', { name: /^v2 canary 25%/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: '25%', exact: true })).toBeChecked();

  // The first six calls: three served by v1 (succeed), three by v2 (fail, the bug in its code).
  await expect.poll(async () => (await callVersions(page)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
  const firstBatch = await callVersions(page);
  expect(firstBatch.filter((call) => call.version === 'v2').map((call) => call.status)).toEqual([
    expect.stringMatching(/error/),
    expect.stringMatching(/error/),
    expect.stringMatching(/error/),
  ]);
  expect(firstBatch.filter((call) => call.version === 'v1').every((call) => call.status.startsWith('success'))).toBe(true);
  const lastRun = page.getByRole('table', { name: 'Last run by version' });
  await expect(errorRate(lastRun, 'v2')).toHaveText('100%');
  await expect(errorRate(lastRun, 'v1')).toHaveText('0%');

  // Rollback before the second model call: the six checks after it are all served by v1.
  await page.getByRole('button', { name: 'Rollback' }).click();
  await expect(versions.getByRole('row', { name: /^v1 stable 100%/ })).toBeVisible();
  await expect(versions.getByRole('row', { name: /^v2 inactive 0%/ })).toBeVisible();
  await paused.getByRole('button', { name: 'Continue' }).click();
  await waitForRunEnd(page);
  const all = await callVersions(page);
  expect(all).toHaveLength(12);
  expect(all.slice(6).map((call) => call.version)).toEqual(Array(6).fill('v1'));
  // The chart marks the moment of the Rollback, between the two batches (listed for assistive technology too).
  // The run is stepped, so its pauses are listed too ("Paused 361 ms (not on the axis)"): find the Rollback among them.
  await expect(
    page
      .getByRole('list', { name: 'Changes during the run' })
      .getByRole('listitem')
      .filter({ hasText: /^Rollback: flaky_api → v1 at [\d.]+ m?s$/ }),
  ).toHaveCount(1);
  await page.screenshot({ path: `${screens}/canary-rollback-mark.png` });

  // Metrics → Calls by version: the same split, over the whole run.
  await page.getByRole('region', { name: 'Timeline' }).getByRole('tab', { name: 'Metrics' }).click();
  const byVersion = page.getByRole('table', { name: 'Calls by version' });
  await expect(errorRate(byVersion, 'v2')).toHaveText('100%');
  await expect(errorRate(byVersion, 'v1')).toHaveText('0%');
  // Health for real: lookup_user's downstream is down, so its call came back unavailable.
  const secondTurn = page.getByRole('region', { name: 'Conversation' }).getByRole('list', { name: 'Tool calls' }).last();
  await expect(secondTurn).toContainText('error: unavailable');
});

test('a workspace saved in the version 2 format, with a canary, opens with the same split', { tag: '@extended' }, async ({ page }) => {
  const workspace = createDefaultWorkspace();
  const tools = workspace.tools.map((tool) =>
    tool.name === 'flaky_api'
      ? {
          ...tool,
          version: 'v2',
          versions: [{ version: 'v1', schemaSource: tool.schemaSource, codeSource: tool.codeSource, frozenAt: '2026-11-30T10:00:00.000Z' }],
          canary: { version: 'v2', traffic: 0.1 },
        }
      : tool,
  );
  const saved = JSON.stringify({ version: 2, savedAt: '2026-11-30T10:00:00.000Z', workspace: { ...workspace, version: 2, tools } });
  await page.addInitScript((text) => {
    try {
      if (!window.localStorage.getItem('toolscope.workspace.seeded')) {
        window.localStorage.setItem('toolscope.workspace', text);
        window.localStorage.setItem('toolscope.workspace.seeded', 'yes');
      }
    } catch {
      // The sandbox's frames have no storage.
    }
  }, saved);
  await openWithToolsReady(page);
  await expect(page.getByText(/version 2 format and was updated to version 3/)).toBeVisible();
  await page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'flaky_api', exact: true }).click();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Versions of flaky_api' });
  await expect(versions.getByRole('row', { name: /^v1 stable 90%/ })).toBeVisible();
  await expect(versions.getByRole('row', { name: /^v2 canary 10%/ })).toBeVisible();
  await page.getByRole('button', { name: 'Rollback' }).click();
  await expect(versions.getByRole('row', { name: /^v1 stable 100%/ })).toBeVisible();
});
