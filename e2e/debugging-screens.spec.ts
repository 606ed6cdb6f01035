// Screenshots of step mode, the Runs list, two kept runs compared and a test report at 1280x720, light and dark, for a person to
// look at. Only with SCREENS_DIR set (they take minutes): SCREENS_DIR=/tmp/screens npx playwright test e2e/debugging-screens.spec.ts
import { test, expect } from './fixtures.ts';
import { openWithToolsReady, runScenario, waitForRunEnd } from './timeline-helpers.ts';

const screens = process.env.SCREENS_DIR;
test.describe.configure({ timeout: 240_000 });

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(colorScheme, () => {
    test.use({ viewport: { width: 1280, height: 720 }, colorScheme });
    test(`step mode, Runs and a test report (${colorScheme})`, async ({ page }) => {
      test.skip(!screens, 'set SCREENS_DIR to take the screenshots');
      await openWithToolsReady(page);
      const conversation = page.getByRole('region', { name: 'Conversation' });
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await runScenario(page, 'Timeout');
      await waitForRunEnd(page);

      await conversation.getByRole('checkbox', { name: 'Step' }).check();
      await runScenario(page, 'Parallel calls');
      const paused = conversation.getByRole('region', { name: 'Paused run' });
      await paused.getByRole('button', { name: 'Step' }).click();
      await expect(paused).toContainText('Paused before the tool batch');
      await paused.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screens}/step-paused-${colorScheme}.png` });
      await paused.getByRole('button', { name: 'Continue' }).click();
      await waitForRunEnd(page);

      await timeline.getByRole('tab', { name: 'Runs' }).click();
      await expect(timeline.getByRole('table', { name: 'Kept runs' }).locator('tbody tr')).toHaveCount(2);
      await page.screenshot({ path: `${screens}/runs-list-${colorScheme}.png` });
      const kept = timeline.getByRole('table', { name: 'Kept runs' });
      await kept.getByRole('checkbox', { name: /^Pick Timeout/ }).check();
      await kept.getByRole('checkbox', { name: /^Pick Parallel calls/ }).check();
      await timeline.getByRole('button', { name: 'Compare side by side' }).click();
      await expect(timeline.getByRole('region', { name: 'Kept runs side by side' })).toBeVisible();
      await page.screenshot({ path: `${screens}/runs-compared-${colorScheme}.png` });

      await conversation.getByText('Edit expectations').click();
      await expect(page.locator('.scenario-editor[open] .view-line').first()).toBeVisible();
      await page.getByRole('textbox', { name: 'Expectations editor' }).focus();
      await page.keyboard.insertText('[{"type":"no-error"},{"type":"max-concurrency","max":2},{"type":"final-answer","contains":"Lima"}]');
      await timeline.getByRole('tab', { name: 'Tests' }).click();
      await timeline.getByRole('button', { name: 'Run tests' }).click();
      await expect(timeline.getByRole('status').filter({ hasText: /scenarios (failed|passed)/ })).toBeVisible({ timeout: 60_000 });
      await page.screenshot({ path: `${screens}/test-report-${colorScheme}.png` });
    });
  });
}
