// Takes docs/lesson-canary.png (1440x900): the canary scenario run with a Rollback during its pause — the
// timeline rows name v1 and v2, the Calls table lists each call's version. With SCREENS_DIR set it also
// takes the 1280x720 and dark variants there (for review). Run against a build:
// `npx vite build && npx tsx scripts/lesson-canary-screenshot.ts`. Kept out of `npm test`: it only makes pictures.
import type { Page } from '@playwright/test';
import { openWithToolsReady, takeShots, type Shot } from './screenshot-session.ts';

const screensDir = process.env.SCREENS_DIR;

/** Runs the canary scenario, rolls v2 back once its first calls have failed, and waits for the end. */
async function runCanary(page: Page, origin: string): Promise<void> {
  await openWithToolsReady(page, origin);
  await page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'flaky_api', exact: true }).click();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const picker = page.getByRole('combobox', { name: 'Scenario' });
  const label = (await picker.locator('option').allTextContents()).find((text) => text.startsWith('Canary'));
  if (!label) throw new Error('no Canary scenario');
  await picker.selectOption({ label });
  await page.getByRole('button', { name: 'Run scenario' }).click();
  await page
    .getByRole('table', { name: 'Last run by version' })
    .getByRole('cell', { name: 'v2', exact: true })
    .waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Rollback' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /after \d+ model call/ })
    .waitFor({ timeout: 60_000 });
  // The calls of v2 are easier to find with one selected: its row, inspector and chip light up.
  await page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('table', { name: 'Calls' })
    .getByRole('button', { name: /flaky_api/ })
    .nth(1)
    .click();
  // The inspector off, so the Calls table has room for its Version column.
  await page.getByRole('region', { name: 'Timeline' }).getByRole('button', { name: 'Inspector', exact: true }).click();
}

const shots: Shot[] = [
  { file: 'docs/lesson-canary.png', width: 1440, height: 900, colorScheme: 'light' },
  ...(screensDir
    ? ([
        { file: `${screensDir}/canary-1280.png`, width: 1280, height: 720, colorScheme: 'light' },
        { file: `${screensDir}/canary-dark-1440.png`, width: 1440, height: 900, colorScheme: 'dark' },
      ] satisfies Shot[])
    : []),
];

await takeShots(
  { port: Number(process.env.SCREENSHOT_PORT ?? 4181), outDir: process.env.SCREENSHOT_OUT_DIR ?? 'dist' },
  shots,
  (page, origin) => runCanary(page, origin),
);
