// Takes docs/lesson-canary.png (1440x900): the canary scenario run with a Rollback during its pause — the
// timeline rows name v1 and v2, the Calls table lists each call's version. With SCREENS_DIR set it also
// takes the 1280x720 and dark variants there (for review). Run against a build:
// `npx vite build && npx tsx scripts/lesson-canary-screenshot.ts`. Kept out of `npm test`: it only makes pictures.
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { findChromium } from './find-chromium.ts';

const port = Number(process.env.SCREENSHOT_PORT ?? 4181);
const outDir = process.env.SCREENSHOT_OUT_DIR ?? 'dist';
const screensDir = process.env.SCREENS_DIR;
const origin = `http://127.0.0.1:${port}`;

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(origin)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vite preview did not answer on ${origin}`);
}

/** Runs the canary scenario, rolls v2 back once its first calls have failed, and waits for the end. */
async function runCanary(page: Page): Promise<void> {
  await page.goto(origin);
  await page
    .getByRole('list', { name: 'Tool list' })
    .getByRole('img', { name: 'checking…' })
    .first()
    .waitFor({ state: 'detached', timeout: 90_000 });
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
  await page.mouse.move(0, 0);
}

const shots = [
  { file: 'docs/lesson-canary.png', width: 1440, height: 900, colorScheme: 'light' as const },
  ...(screensDir
    ? [
        { file: `${screensDir}/canary-1280.png`, width: 1280, height: 720, colorScheme: 'light' as const },
        { file: `${screensDir}/canary-dark-1440.png`, width: 1440, height: 900, colorScheme: 'dark' as const },
      ]
    : []),
];

const server = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  stdio: 'ignore',
  detached: true,
});
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
try {
  await waitForServer();
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, colorScheme: shot.colorScheme });
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem('toolscope.welcome.v1', 'seen');
      } catch {
        // The sandbox's frames have no storage.
      }
    });
    const page = await context.newPage();
    await runCanary(page);
    await page.screenshot({ path: shot.file });
    console.log(`wrote ${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  if (server.pid) process.kill(-server.pid);
}
