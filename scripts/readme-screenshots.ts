// Takes the README's screenshots (docs/screenshot-{light,dark,presenter}.png) from the production build:
// the fan-out scenario run to its end at 1440x900, in each colour scheme and in presenter mode.
// `npm run screenshots` builds first; kept out of `npm test` (it only makes pictures).
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { findChromium } from './find-chromium.ts';

const port = Number(process.env.SCREENSHOT_PORT ?? 4180);
const outDir = process.env.SCREENSHOT_OUT_DIR ?? 'dist';
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

async function runFanOut(page: Page, presenting: boolean): Promise<void> {
  await page.goto(origin);
  await page
    .getByRole('list', { name: 'Tool list' })
    .getByRole('img', { name: 'checking…' })
    .first()
    .waitFor({ state: 'detached', timeout: 90_000 });
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
  await page.mouse.move(0, 0);
}

const server = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  stdio: 'ignore',
  detached: true,
});
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
try {
  await waitForServer();
  for (const [name, colorScheme, presenting] of [
    ['light', 'light', false],
    ['dark', 'dark', false],
    ['presenter', 'light', true],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme });
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem('toolscope.welcome.v1', 'seen');
      } catch {
        // The sandbox's frames have no storage.
      }
    });
    const page = await context.newPage();
    await runFanOut(page, presenting);
    await page.screenshot({ path: `docs/screenshot-${name}.png` });
    console.log(`docs/screenshot-${name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  // The server's whole process group (npx and vite); it may already be gone.
  try {
    if (server.pid) process.kill(-server.pid);
  } catch {
    // Nothing left to stop.
  }
}
