// The browser side of the timeline page benchmark: a production build served by `vite preview`, and
// headless Chromium pages opened with `?bench` (which exposes window.__toolscopeBench). Opened on first
// use and closed once the benchmark has been idle for a moment, since the runner has no teardown step.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { findChromium } from '../scripts/find-chromium.ts';
import { WELCOME_STORAGE_KEY } from '../src/ui/features/welcome/welcome-storage.ts';

const outDir = process.env.TIMELINE_BENCH_OUT_DIR ?? 'dist-bench';
const port = Number(process.env.TIMELINE_BENCH_PORT ?? 4190);
const idleCloseMs = 3000;

interface Session {
  server: PreviewServer;
  url: string;
  browser: Browser;
  pages: Map<string, Promise<Page>>;
}

let session: Promise<Session> | null = null;
let idleTimer: NodeJS.Timeout | null = null;
// Playwright's pipe to the browser does not keep Node alive: without a handle of our own, the process
// could exit in the middle of a measurement that is waiting on the page.
let keepAlive: NodeJS.Timeout | null = null;

async function open(): Promise<Session> {
  keepAlive ??= setInterval(() => {}, 60_000);
  if (!existsSync(`${outDir}/e2e/pages/sandbox-test.html`)) {
    process.stdout.write(`building the app into ${outDir} for the timeline benchmark...\n`);
    // The e2e mode builds in the `?bench` hook the product leaves out.
    await build({ logLevel: 'warn', mode: 'e2e', build: { outDir } });
  }
  // Another build may be served on the port already (parallel work): take the next free one.
  const server = await preview({ logLevel: 'warn', preview: { port, strictPort: false, host: '127.0.0.1' }, build: { outDir } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({
    executablePath,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return { server, url, browser, pages: new Map() };
}

async function close(): Promise<void> {
  const closing = session;
  session = null;
  if (!closing) return;
  const { server, browser } = await closing;
  await browser.close();
  await server.close();
  if (keepAlive) clearInterval(keepAlive);
  keepAlive = null;
}

function holdOpen(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
}

/**
 * A page of its own per `key` (each holds one run, so interleaved rounds never reload), with the
 * timeline panel enlarged to most of the window, as someone studying a big run would have it.
 */
export async function benchPage(key: string, setup: (page: Page) => Promise<void>): Promise<Page> {
  holdOpen();
  session ??= open();
  const current = await session;
  let page = current.pages.get(key);
  if (!page) {
    page = (async () => {
      const context = await current.browser.newContext({ viewport: { width: 1440, height: 900 } });
      // A returning visitor: the first-visit welcome would cover the timeline the bench drives.
      await context.addInitScript((key) => {
        try {
          window.localStorage.setItem(key, 'seen');
        } catch {
          // The sandbox's opaque-origin frames have no storage.
        }
      }, WELCOME_STORAGE_KEY);
      const created = await context.newPage();
      await created.goto(`${current.url}?bench`);
      await created.waitForFunction(() => window.__toolscopeBench !== undefined);
      const separator = created.getByRole('separator').last();
      const box = await separator.boundingBox();
      if (box) {
        await created.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await created.mouse.down();
        await created.mouse.move(box.x + box.width / 2, 300, { steps: 5 });
        await created.mouse.up();
      }
      await setup(created);
      return created;
    })();
    current.pages.set(key, page);
  }
  return page;
}

/** Call when a measurement is done: the session closes after `idleCloseMs` unless another one starts. */
export function releaseSoon(): void {
  holdOpen();
  idleTimer = setTimeout(() => void close(), idleCloseMs);
}
