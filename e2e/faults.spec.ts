import { test, expect } from './fixtures.ts';
import { callsTable, hoverCall, openWithToolsReady, readCalls, runScenario, waitForRunEnd } from './timeline-helpers.ts';

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

  await runScenario(page, 'Parallel calls');
  await waitForRunEnd(page);
  const calls = await readCalls(page);
  // Seed 1 with a 50% rate: the same calls get a 429 every time this runs.
  const retried = calls.filter((call) => call.tool === 'get_weather' && call.attempts > 1 && call.status === 'success');
  expect(retried.length).toBeGreaterThan(0);
  await expect(callsTable(page).locator('tbody tr').filter({ hasText: 'injected' })).not.toHaveCount(0);
  expect(calls.find((call) => call.tool === 'search_web')).toMatchObject({ status: 'success', attempts: 1 });

  const row = callsTable(page).locator('tbody tr').filter({ hasText: 'injected' }).filter({ hasText: 'success' }).first();
  await row.getByRole('button', { name: 'get_weather' }).click();
  const attempts = page.getByRole('region', { name: 'Inspector' }).getByRole('list', { name: 'Attempts' }).getByRole('listitem');
  await expect(attempts.first()).toContainText('Injected: 429 Too Many Requests (Retry-After 1000 ms)');
  await expect(attempts.first()).toContainText(/Retry in 1(\.0)? s[\s\S]*server asked for 1(\.0)? s/);
  await expect(attempts.last()).toContainText('success');

  // On the chart, the tooltip of the failed attempt names the injected fault.
  const { y, left, right } = await hoverCall(page, 'get_weather');
  const tooltip = page.getByRole('tooltip');
  let seen = false;
  for (let x = left + 2; x < right && !seen; x += 3) {
    await page.mouse.move(x, y);
    if ((await tooltip.count()) > 0 && /injected\s+429/.test(await tooltip.innerText())) seen = true;
  }
  expect(seen).toBe(true);
  const screens = process.env.SCREENS_DIR;
  if (screens) await page.screenshot({ path: `${screens}/faults-injected-429.png` });
});
