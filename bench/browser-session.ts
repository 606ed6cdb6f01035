// The browser side of the page benchmarks: a production build (e2e mode, which builds in the `?bench`
// hook) served by `vite preview`, and headless Chromium. Opened on first use and closed once the
// benchmarks have been idle for a moment, since the runner has no teardown step between suites.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { findChromium } from '../scripts/find-chromium.ts';
import { descendantsCpuSeconds } from './process-cpu.ts';
import { WELCOME_STORAGE_KEY } from '../src/ui/features/welcome/welcome-storage.ts';

const outDir = process.env.BENCH_OUT_DIR ?? process.env.TIMELINE_BENCH_OUT_DIR ?? 'dist-bench';
const port = Number(process.env.BENCH_PORT ?? process.env.TIMELINE_BENCH_PORT ?? 4190);
const idleCloseMs = 3000;

interface Session {
  server: PreviewServer;
  url: string;
  browser: Browser;
}

let session: Promise<Session> | null = null;
let idleTimer: NodeJS.Timeout | null = null;
// Playwright's pipe to the browser does not keep Node alive: without a handle of our own, the process
// could exit in the middle of a measurement that is waiting on the page.
let keepAlive: NodeJS.Timeout | null = null;

async function open(): Promise<Session> {
  keepAlive ??= setInterval(() => {}, 60_000);
  if (!existsSync(`${outDir}/e2e/pages/sandbox-test.html`)) {
    process.stdout.write(`building the app into ${outDir} for the page benchmarks...\n`);
    await build({ logLevel: 'warn', mode: 'e2e', build: { outDir } });
  }
  // Another build may be served on the port already (parallel work): take the next free one.
  const server = await preview({ logLevel: 'warn', preview: { port, strictPort: false, host: '127.0.0.1' }, build: { outDir } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return { server, url, browser };
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

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** localStorage entries the app's frame finds before it starts (a saved workspace). */
  storage?: Record<string, string>;
}

/** A fresh browser context (its own storage and IndexedDB) of a returning visitor, and the app's address. */
export async function newBenchContext(options: ContextOptions = {}): Promise<{ context: BrowserContext; url: string }> {
  holdOpen();
  session ??= open();
  const current = await session;
  const context = await current.browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 } });
  // tsx compiles the bench with esbuild's keepNames, so a function handed to page.evaluate calls
  // `__name(fn, "name")` for each named inner function: the page needs that helper too.
  await context.addInitScript(() => {
    (globalThis as { __name?: unknown }).__name ??= (target: unknown) => target;
  });
  // A returning visitor: the first-visit welcome would cover what the bench drives.
  await context.addInitScript(
    (entries) => {
      try {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      } catch {
        // The sandbox's opaque-origin frames have no storage.
      }
    },
    { [WELCOME_STORAGE_KEY]: 'seen', ...options.storage },
  );
  return { context, url: current.url };
}

/**
 * CPU seconds the browser (every process: page, sandbox frame, workers, GPU) has used so far: Playwright
 * launches it as a child of this process. NaN where /proc cannot be read.
 */
export function browserCpuSeconds(): number {
  return descendantsCpuSeconds(process.pid);
}

function holdOpen(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
}

/** Call when a measurement is done: the session closes after `idleCloseMs` unless another one starts. */
export function releaseSoon(): void {
  holdOpen();
  idleTimer = setTimeout(() => void close(), idleCloseMs);
}
