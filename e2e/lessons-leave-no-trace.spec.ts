// Issue 24, defect 3: a lesson's scenario sets up what it needs for its own run only. The Canary scenario used
// to leave v2 of flaky_api deployed and lookup_user down for good, and the lessons after it taught the wrong
// thing (Invalid arguments showed lookup_user unavailable instead of invalid_arguments).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { callBadges, conversation, exportedWorkspace, runOutcome, type RunOutcome } from './lesson-helpers.ts';
import { sampleScenarios } from '../src/samples/scenarios/index.ts';
import { canaryScenario } from '../src/samples/scenarios/canary.ts';
import { invalidArgumentsScenario } from '../src/samples/scenarios/invalid-arguments.ts';
import { openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });

async function openVersionsOf(page: Page, toolName: string) {
  await page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: toolName, exact: true }).click();
  await page.getByRole('tab', { name: 'Versions' }).click();
  return page.getByRole('table', { name: `Versions of ${toolName}` });
}

test('after the Canary scenario the workspace is as it was: Invalid arguments gets invalid_arguments, not unavailable; v2 can be kept', async ({
  page,
}) => {
  await openWithToolsReady(page);
  const before = await exportedWorkspace(page);
  const versions = await openVersionsOf(page, 'flaky_api');

  await runScenario(page, canaryScenario.name);
  // During the run, the Versions tab shows the run's versions, and says whose they are.
  await expect(versions.getByRole('row', { name: /^v2 canary 25%/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('note').filter({ hasText: 'for this run only' })).toBeVisible();
  await waitForRunEnd(page);
  await expect(conversation(page).getByRole('list', { name: 'Tool calls' }).last()).toContainText('error: unavailable');

  // Over: the person's flaky_api has its one version again, and v2 is offered to keep.
  await expect(versions.getByRole('row')).toHaveCount(2);
  await expect(versions.getByRole('row', { name: /^v1 stable 100%/ })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'your workspace did not keep it' })).toBeVisible();

  await runScenario(page, invalidArgumentsScenario.name);
  await waitForRunEnd(page);
  expect(await callBadges(page)).toEqual(['lookup_user error: invalid_arguments', 'lookup_user success']);
  expect(await exportedWorkspace(page)).toEqual(before);

  // Keeping v2 is the person's choice, made in flaky_api's Versions tab.
  await page.getByRole('note').getByRole('button', { name: 'Keep v2' }).click();
  await expect(versions.getByRole('row', { name: /^v1 stable 75%/ })).toBeVisible();
  await expect(versions.getByRole('row', { name: /^v2 canary 25%/ })).toBeVisible();
});

test('a reload in the middle of the Canary run leaves nothing of its setup behind', { tag: '@extended' }, async ({ page }) => {
  await openWithToolsReady(page);
  // Saved (Ctrl+S), so the reload opens this workspace, not a new default one with new ids.
  await page.keyboard.press('ControlOrMeta+S');
  const before = await exportedWorkspace(page);
  const versions = await openVersionsOf(page, 'flaky_api');
  await runScenario(page, canaryScenario.name);
  // The first batch has been served (its v2 calls failed): the run waits out its 4 s pause.
  await expect(page.getByRole('table', { name: 'Last run by version' }).getByRole('cell', { name: 'v2', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'checking…' })).toHaveCount(0, { timeout: 60_000 });
  await openVersionsOf(page, 'flaky_api');
  await expect(versions.getByRole('row', { name: /^v1 stable 100%/ })).toBeVisible();
  await expect(versions.getByRole('row', { name: /^v2/ })).toHaveCount(0);
  expect(await exportedWorkspace(page)).toEqual(before);
});

// Every sample scenario, each first on a fresh workspace (the outcome it teaches), then all in a row, twice:
// each gives its fresh outcome again, and the workspace at the end is the one at the start. About six minutes
// on two busy cores (twelve fresh starts), so it runs with the extended suite.
test(
  'every sample scenario in a row, then each again, gives its fresh-workspace outcome and leaves the workspace as it was',
  { tag: '@extended' },
  async ({ page }) => {
    // The mixed Python scenario (issue 31) loads Pyodide on a fresh page: a minute or two more under load.
    test.setTimeout(1_080_000);
    const fresh = new Map<string, RunOutcome>();
    for (const scenario of sampleScenarios) {
      await page.goto('/');
      await page.evaluate(() => localStorage.removeItem('toolscope.workspace'));
      await openWithToolsReady(page);
      await runScenario(page, scenario.name);
      await waitForRunEnd(page);
      fresh.set(scenario.name, await runOutcome(page));
    }

    await page.evaluate(() => localStorage.removeItem('toolscope.workspace'));
    await openWithToolsReady(page);
    const before = await exportedWorkspace(page);
    for (const round of [1, 2]) {
      for (const scenario of sampleScenarios) {
        await runScenario(page, scenario.name);
        await waitForRunEnd(page);
        expect(await runOutcome(page), `${scenario.name}, round ${round}`).toEqual(fresh.get(scenario.name));
      }
    }
    expect(await exportedWorkspace(page)).toEqual(before);
  },
);
