import { test, expect } from './fixtures.ts';
import { openWithToolsReady, readCalls, runScenario, waitForRunEnd } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });
// The smallest screen the app is made for, in the Run layout: the pause must still be in sight and usable.
test.use({ viewport: { width: 1280, height: 720 } });

test(
  'step mode: pause at the tool batch, change an argument, continue, and the tool ran with it',
  { tag: '@extended' },
  async ({ page }) => {
    await openWithToolsReady(page);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Run' }).click();
    await conversation.getByRole('checkbox', { name: 'Step' }).check();
    await runScenario(page, 'Parallel calls');

    const paused = conversation.getByRole('region', { name: 'Paused run' });
    await expect(paused).toContainText('Paused before model call 1');
    await paused.getByRole('button', { name: 'Step' }).click();
    await expect(paused).toContainText('Paused before the tool batch of turn 1');
    await expect(conversation.getByRole('status').filter({ hasText: 'Paused: edit below, then Continue, Step or Stop.' })).toBeVisible();
    // In the Run layout at 720 px the conversation is short: the pause sits under the transcript, not in it.
    await expect(paused.getByRole('button', { name: 'Continue' })).toBeInViewport();
    // Nothing has run yet: the timeline has no calls.
    expect(await readCalls(page)).toEqual([]);

    const argumentsField = paused.getByRole('textbox', { name: 'Arguments of call 1' });
    await expect(argumentsField).toHaveValue('{"city":"Reykjavik"}');
    await argumentsField.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('{"city":"Oslo"}');
    // Remove the web search: only the three weather calls run.
    await paused.getByRole('button', { name: 'Remove call 4' }).click();
    await paused.getByRole('button', { name: 'Continue' }).click();
    await expect(paused).toHaveCount(0);
    await waitForRunEnd(page);
    await expect(conversation.getByRole('checkbox', { name: 'Step' })).not.toBeChecked();

    const calls = await readCalls(page);
    expect(calls.map((call) => call.tool)).toEqual(['get_weather', 'get_weather', 'get_weather']);
    await expect(conversation.getByLabel('Tool calls').first()).toContainText('{"city":"Oslo"}');
    await expect(conversation.getByLabel('Result of get_weather sent to the model').first()).toContainText('"city":"Oslo"');
  },
);

test('a run stopped while paused ends', async ({ page }) => {
  await openWithToolsReady(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('checkbox', { name: 'Step' }).check();
  await runScenario(page, 'Parallel calls');
  const paused = conversation.getByRole('region', { name: 'Paused run' });
  await paused.getByRole('button', { name: 'Step' }).click();
  await expect(paused).toContainText('Paused before the tool batch');
  // Issue 27: while the person reads, the chart's axis stands still (the pause is off the axis, live too),
  // and the open pause is marked where it began.
  const changes = page.getByRole('list', { name: 'Changes during the run' }).getByRole('listitem');
  await expect(changes.filter({ hasText: /^Paused, waiting for you \(not on the axis\) at [\d.]+ m?s$/ })).toHaveCount(1);
  const chart = page.getByRole('region', { name: 'Timeline' }).getByLabel('Timeline chart');
  const asPaused = await chart.screenshot();
  await page.waitForTimeout(1_500); // the person reads the pause
  expect((await chart.screenshot()).equals(asPaused), 'the chart changed while the run was paused').toBe(true);
  await paused.getByRole('button', { name: 'Stop' }).click();
  await expect(paused).toHaveCount(0);
  await expect(conversation.getByRole('button', { name: 'Run scenario' })).toBeEnabled();
  await expect(conversation.getByRole('status').filter({ hasText: /^aborted after 1 model call/ })).toBeVisible();
  // Once the person went on, each mark says how long its pause was: before model call 1, and the one stopped.
  await expect(changes.filter({ hasText: /^Paused [\d.]+ m?s \(not on the axis\) at [\d.]+ m?s$/ })).toHaveCount(2);
  await expect(changes.filter({ hasText: /waiting for you/ })).toHaveCount(0);
});
