// What the picture-taking scripts share: a `vite preview` of a build, headless Chromium, one fresh context
// per picture (as a returning visitor, so the welcome does not cover the page), and cleaning up after.
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { findChromium } from './find-chromium.ts';

export interface Shot {
  file: string;
  width: number;
  height: number;
  colorScheme: 'light' | 'dark';
}

async function waitForServer(origin: string): Promise<void> {
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

/** Opens the app and waits until every tool has compiled. */
export async function openWithToolsReady(page: Page, origin: string): Promise<void> {
  await page.goto(origin);
  await page
    .getByRole('list', { name: 'Tool list' })
    .getByRole('img', { name: 'checking…' })
    .first()
    .waitFor({ state: 'detached', timeout: 90_000 });
}

/** Serves `outDir` on `port`, and for each shot sets a page up with `prepare`, then takes the picture. */
export async function takeShots(
  { port, outDir }: { port: number; outDir: string },
  shots: readonly Shot[],
  prepare: (page: Page, origin: string, shot: Shot) => Promise<void>,
): Promise<void> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
  });
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
  try {
    await waitForServer(origin);
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
      await prepare(page, origin, shot);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: shot.file });
      console.log(`wrote ${shot.file}`);
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
}
