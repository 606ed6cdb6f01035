import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.ts';

const executablePath = findChromium() ?? undefined;
// E2E_PORT / E2E_OUT_DIR let several builds be tested side by side (e.g. by parallel work on one machine).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';
// The sample MCP server the MCP specs connect to, started as a real process (e2e/mcp.spec.ts).
const MCP_PORT = Number(process.env.E2E_MCP_PORT ?? 4310);
// The MCP project's every-feature server (e2e/mcp-everything.spec.ts), and its stdio mode behind the bridge.
const EVERYTHING_PORT = Number(process.env.E2E_EVERYTHING_PORT ?? MCP_PORT + 10);
const BRIDGE_PORT = Number(process.env.E2E_BRIDGE_PORT ?? MCP_PORT + 11);
// The specs need the test pages, which only `vite build --mode e2e` adds (the product build leaves them out).
if (existsSync(`${OUT_DIR}/index.html`) && !existsSync(`${OUT_DIR}/e2e/pages/sandbox-test.html`)) {
  throw new Error(`${OUT_DIR} was built without the test pages: build it with \`npx vite build --mode e2e --outDir ${OUT_DIR}\``);
}

// `npm test` must end within eight minutes on two cores, of which the e2e part gets under five: the core
// suite covers each feature and each security and nothing-lost guarantee once. These specs walk paths a
// core spec walks too (the tour chapter by chapter, each editor, a second MCP server), wait out real time
// (timeout strategies, a slow person at a form) or repeat at a second size: `npm run test:e2e:all` runs
// them, with the tests tagged @extended. The Python specs boot Pyodide, tens of seconds on 2 cores.
const extendedSpecs = [
  'assertions',
  'canary',
  'capacity',
  'compile-cache',
  'editing',
  'fork',
  'hostile-inputs',
  'ignored-keys',
  'mcp-everything',
  'monkey',
  'presenter',
  'presenter-lessons',
  'python-tools',
  'robustness',
  'run-history',
  'sandbox-python',
  'timeline-labels',
  'timeouts',
  'tour',
  'tour-fit',
].map((name) => `**/${name}.spec.ts`);
const extended = !!(process.env.E2E_ALL || process.env.FIGURES);

export default defineConfig({
  testDir: 'e2e',
  // Measurements, not checks: they take a minute and print figures. Run them with `npm run figures`.
  testIgnore: [...(process.env.FIGURES ? [] : ['**/*-figures.spec.ts']), ...(extended ? [] : extendedSpecs)],
  // `npm test` runs the core suite; tests tagged @extended (a second size, paths another spec already
  // walks, slow failure modes) run with `npm run test:e2e:all`, which CI's time budget leaves out.
  grepInvert: extended ? undefined : /@extended/,
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: the sandbox compiles every sample tool at start-up, and CI has two busy cores.
  timeout: 60_000,
  // A run first waits for the sandbox to compile its tools, which takes seconds on a loaded machine.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // CI keeps only the log; recording a trace of every test there only slows it down.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath,
          // Without these, Chromium keeps trying to reach Google services, which this network refuses.
          args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
        },
      },
    },
  ],
  webServer: [
    {
      // The build runs before Playwright (see `npm run test:e2e`); here we only serve it.
      command: `npx vite preview --outDir ${OUT_DIR} --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: 'npx tsx mcp-sample/server.ts',
      env: { MCP_SAMPLE_PORT: String(MCP_PORT) },
      url: `http://127.0.0.1:${MCP_PORT}/test/events`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js streamableHttp',
      env: { PORT: String(EVERYTHING_PORT) },
      // Its /mcp answers a bare GET with 400 once it is up (Playwright counts that as ready).
      url: `http://127.0.0.1:${EVERYTHING_PORT}/mcp`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: 'npx tsx mcp-bridge/cli.ts node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio',
      env: { MCP_BRIDGE_PORT: String(BRIDGE_PORT), MCP_BRIDGE_TOKEN: 'e2e-bridge-token' },
      url: `http://127.0.0.1:${BRIDGE_PORT}/e2e-bridge-token/mcp`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
