import { test, expect } from './fixtures.ts';
import { openWithToolsReady } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('Run tests checks the samples out of the box, then reports a failing assertion at the right step of the timeline', async ({
  page,
}) => {
  await openWithToolsReady(page);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // A new workspace: three sample scenarios carry expectations, and they hold.
  await timeline.getByRole('tab', { name: 'Tests' }).click();
  await timeline.getByRole('button', { name: 'Run tests' }).click();
  await expect(timeline.getByRole('status').filter({ hasText: 'all 3 scenarios passed' })).toBeVisible({ timeout: 60_000 });
  await expect(timeline.getByRole('list', { name: 'Test report' }).locator('.test-scenario')).toHaveText([
    /^PASS\s+Fan-out/,
    /^PASS\s+Invalid arguments/,
    /^PASS\s+Side effects/,
  ]);

  const conversation = page.getByRole('region', { name: 'Conversation' });
  const picker = conversation.getByRole('combobox', { name: 'Scenario' });
  const label = (await picker.locator('option').allTextContents()).find((text) => text.startsWith('Parallel calls'))!;
  await picker.selectOption({ label });

  await conversation.getByText('Edit expectations').click();
  await expect(page.locator('.scenario-editor[open] .view-line').first()).toBeVisible();
  // A typo first: the editor marks it and says what the format allows.
  await page.getByRole('textbox', { name: 'Expectations editor' }).focus();
  await page.keyboard.insertText('[{"type":"called","tol":"get_weather"}]');
  await expect(conversation.getByRole('list', { name: 'Expectation problems' })).toContainText('0.tool');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // One line: Monaco would auto-indent and auto-close brackets across inserted newlines.
  await page.keyboard.insertText(
    JSON.stringify([
      { type: 'called', tool: 'get_weather', arguments: { city: 'Lima' } },
      { type: 'no-error' },
      { type: 'max-calls', tool: 'get_weather', max: 2 },
      { type: 'final-answer', contains: 'Reykjavik' },
    ]),
  );
  await expect(conversation.getByRole('list', { name: 'Expectation problems' })).toHaveCount(0);
  await expect(conversation.getByText('Edit expectations (4)')).toBeVisible();

  await timeline.getByRole('tab', { name: 'Tests' }).click();
  await timeline.getByRole('button', { name: 'Run tests' }).click();
  await expect(timeline.getByRole('status').filter({ hasText: '1 of 4 scenarios failed' })).toBeVisible({ timeout: 60_000 });
  const report = timeline.getByRole('list', { name: 'Test report' });
  await expect(report).toContainText(/FAIL\s+Parallel calls/);
  const assertions = report
    .locator('li', { has: page.locator('.test-scenario', { hasText: 'Parallel calls' }) })
    .locator('.test-assertions li');
  await expect(assertions).toHaveText([
    /✓ called get_weather with \{"city":"Lima"\} called 1×/,
    /✓ no-error/,
    /✗ max-calls 3 calls of get_weather, at most 2 expected/,
    /✓ final-answer/,
  ]);
  const screens = process.env.SCREENS_DIR;
  if (screens) await page.screenshot({ path: `${screens}/test-report-e2e.png` });

  // The failing step: the third weather call (Lima), selected in the timeline with its inspector.
  await assertions.nth(2).getByRole('button', { name: 'Show step' }).click();
  await expect(timeline.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector).toContainText('get_weather');
  await expect(inspector).toContainText('"Lima"');
  await expect(timeline.getByRole('table', { name: 'Calls' }).locator('tr[aria-selected="true"]')).toHaveCount(1);
});
