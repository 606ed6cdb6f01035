// A model turn of many calls (issue 30): the transcript renders the chips near its scroll position, not
// all of them, and a person still reaches every chip, by scrolling or by choosing its call in the timeline.
import { test, expect } from './fixtures.ts';
import { createDefaultWorkspace } from '../src/workspace/default-workspace.ts';
import { newId } from '../src/workspace/new-id.ts';
import { serializeSavedWorkspace } from '../src/workspace/saved-workspace.ts';
import { WORKSPACE_KEY } from '../src/workspace/storage-keys.ts';
import { screens } from './screens.ts';
import { callsTable, openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

const calls = 120;
const scenarioName = `${calls} reports at once`;

/** A returning visitor's workspace: the samples, and a scenario asking for 120 reports in one turn. */
function savedWorkspace(): string {
  const workspace = createDefaultWorkspace();
  const toolCalls = Array.from({ length: calls }, (_, index) => ({
    name: 'slow_report',
    arguments: { topic: `Report ${index + 1}`, duration_ms: 100 },
  }));
  const scenario = { name: scenarioName, seed: 5, turns: [{ text: 'All at once.', latencyMs: 0, toolCalls }] };
  workspace.scenarios.push({ id: newId(), name: scenarioName, source: JSON.stringify(scenario, null, 2) });
  workspace.settings.concurrency = 8;
  return serializeSavedWorkspace(workspace, new Date());
}

test('a turn of 120 calls: a window of chips, every one reached by scrolling or from the Calls table', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript(
    ({ key, text }) => {
      try {
        if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, text);
      } catch {
        // The sandbox's frames have no storage.
      }
    },
    { key: WORKSPACE_KEY, text: savedWorkspace() },
  );
  await openWithToolsReady(page);
  await runScenario(page, scenarioName);
  await waitForRunEnd(page);

  const conversation = page.getByRole('region', { name: 'Conversation' });
  const turn = conversation.getByRole('list', { name: 'Tool calls' });
  const chips = turn.getByRole('listitem');
  // The transcript followed the run to its end: the last chips are rendered, not the first ones.
  await expect(turn.locator(`li[aria-posinset="${calls}"]`)).toBeAttached();
  expect(await chips.count()).toBeLessThan(calls / 2);
  await expect(turn.locator('li[aria-posinset="1"]')).toHaveCount(0);

  // A call chosen in the Calls table whose chip is far up the transcript: its chip comes into view, pressed.
  await callsTable(page).locator('tbody tr').first().click();
  const inspector = page.getByRole('region', { name: 'Timeline' }).getByRole('region', { name: 'Inspector' });
  const topic = /"topic":\s*"([^"]+)"/.exec((await inspector.getByLabel('Arguments').textContent()) ?? '')?.[1] ?? 'no topic';
  const selected = conversation.getByRole('button', { pressed: true });
  await expect(selected).toContainText(`"${topic}"`);
  await expect(selected).toBeInViewport();
  await page.screenshot({ path: `${screens}/big-turn-selected-from-table.png` });

  // Scrolling down the transcript with the wheel, a screenful at a time, reaches the turn's last chip,
  // finished (the tool results and the answer below it are what the transcript followed to).
  await selected.hover();
  const last = turn.locator(`li[aria-posinset="${calls}"]`);
  await expect(async () => {
    await page.mouse.wheel(0, 250);
    await expect(last).toBeInViewport({ timeout: 250 });
  }).toPass({ timeout: 30_000 });
  await expect(last).toContainText('success');
  expect(await chips.count()).toBeLessThan(calls / 2);
});
