// Takes the README's screenshots (docs/screenshot-{light,dark,presenter}.png) from the production build:
// the fan-out scenario run to its end at 1440x900, in each colour scheme and in presenter mode.
// `npm run screenshots` builds first; kept out of `npm test` (it only makes pictures).
import type { Page } from '@playwright/test';
import { openWithToolsReady, takeShots } from './screenshot-session.ts';

async function runFanOut(page: Page, origin: string, presenting: boolean): Promise<void> {
  await openWithToolsReady(page, origin);
  const picker = page.getByRole('combobox', { name: 'Scenario' });
  const label = (await picker.locator('option').allTextContents()).find((text) => text.startsWith('Fan-out'));
  if (!label) throw new Error('no Fan-out scenario');
  await picker.selectOption({ label });
  if (presenting) await page.keyboard.press('p');
  await page.getByRole('button', { name: 'Run scenario' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /after \d+ model call/ })
    .waitFor({ timeout: 60_000 });
  // A selected call shows the inspector and its chip in the conversation.
  await page.getByRole('group', { name: 'Timeline chart' }).focus();
  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
}

const size = { width: 1440, height: 900 };
await takeShots(
  { port: Number(process.env.SCREENSHOT_PORT ?? 4180), outDir: process.env.SCREENSHOT_OUT_DIR ?? 'dist' },
  [
    { file: 'docs/screenshot-light.png', ...size, colorScheme: 'light' },
    { file: 'docs/screenshot-dark.png', ...size, colorScheme: 'dark' },
    { file: 'docs/screenshot-presenter.png', ...size, colorScheme: 'light' },
  ],
  (page, origin, shot) => runFanOut(page, origin, shot.file.endsWith('presenter.png')),
);
