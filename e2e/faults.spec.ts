import { test, expect } from './fixtures.ts';
import { callsTable, openWithToolsReady, readCalls, runScenario, waitForRunEnd } from './timeline-helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('an injected 429 is retried after its Retry-After and drawn as injected', async ({ page }) => {
  await openWithToolsReady(page);
  await page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'get_weather' }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await editor.getByRole('tab', { name: 'Settings' }).click();
  await editor.getByRole('checkbox', { name: /Inject faults into get_weather/ }).check();
  const rate = editor.getByRole('spinbutton', { name: '429 Too Many Requests (%)' });
  await rate.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('50');
  // Over 100% in total is refused with a reason, and the last good value stays.
  const permanent = editor.getByRole('spinbutton', { name: 'Permanent error (%)' });
  await permanent.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('60');
  await expect(editor.getByRole('alert')).toHaveText('the failure rates add up to more than 100%');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('0');
  await expect(editor.getByRole('alert')).toHaveCount(0);
  // With seed 6 the draws are: Reykjavik 429, 429, ok; Helsinki ok; Lima 429, ok (the same on every run).
  await editor.getByRole('spinbutton', { name: 'Fault seed' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('6');

  await runScenario(page, 'Parallel calls');
  await waitForRunEnd(page);
  const calls = await readCalls(page);
  const weather = calls.filter((call) => call.tool === 'get_weather');
  // The Status cell reads "success" and, for a call with an injected fault, its "injected" badge.
  expect(weather.map((call) => [call.status, call.attempts]).sort()).toEqual([
    ['success', 1],
    ['successinjected', 2],
    ['successinjected', 3],
  ]);
  await expect(callsTable(page).locator('tbody tr').filter({ hasText: 'injected' })).not.toHaveCount(0);
  expect(calls.find((call) => call.tool === 'search_web')).toMatchObject({ status: 'success', attempts: 1 });

  const row = callsTable(page).locator('tbody tr').filter({ hasText: 'injected' }).filter({ hasText: 'success' }).first();
  await row.getByRole('button', { name: 'get_weather' }).click();
  const attempts = page.getByRole('region', { name: 'Inspector' }).getByRole('list', { name: 'Attempts' }).getByRole('listitem');
  await expect(attempts.first()).toContainText('Injected: 429 Too Many Requests (Retry-After 1000 ms)');
  await expect(attempts.first()).toContainText(/Retry in 1(\.0)? s[\s\S]*server asked for 1(\.0)? s/);
  await expect(attempts.last()).toContainText('success');

  // The bolt on the chart and the tooltip line are checked in src/ui/features/timeline/injected-marks.test.ts.
  await page.getByRole('button', { name: 'Zoom to selection' }).click();
  const screens = process.env.SCREENS_DIR;
  if (screens) await page.screenshot({ path: `${screens}/faults-injected-429.png` });
});
