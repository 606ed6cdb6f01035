// Shared Playwright fixtures. Every spec imports `test` from here, so every test also checks that the
// page logged no console error and requested nothing outside the app's own origin.
import { test as base, expect } from '@playwright/test';

interface Guards {
  /** Console errors and uncaught exceptions seen so far. */
  consoleErrors: string[];
  /** Requests to any origin other than the app's. */
  foreignRequests: string[];
  /** Declares console errors a test provokes on purpose (Chromium logs every failed HTTP response). */
  expectConsoleError(pattern: RegExp): void;
  /** Declares another origin the test means the page to reach (the sample MCP server). */
  allowOrigin(origin: string): void;
}

/** The localStorage flag the first-visit welcome sets once dismissed (src/ui/features/welcome/welcome-storage.ts). */
export const WELCOME_STORAGE_KEY = 'toolscope.welcome.v1';

export const test = base.extend<{ guards: Guards; welcomeSeen: boolean }>({
  // Specs start as a returning visitor, so the welcome dialog does not cover the page; a spec about the
  // welcome itself sets `test.use({ welcomeSeen: false })`.
  welcomeSeen: [true, { option: true }],
  context: async ({ context, welcomeSeen }, use) => {
    if (welcomeSeen)
      await context.addInitScript((key) => {
        // Init scripts run in every frame; the sandbox's opaque-origin frames have no storage.
        try {
          window.localStorage.setItem(key, 'seen');
        } catch {
          // Not the app's frame.
        }
      }, WELCOME_STORAGE_KEY);
    await use(context);
  },
  guards: [
    async ({ page, baseURL }, use) => {
      const appOrigin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const expected: RegExp[] = [];
      const allowed = new Set([appOrigin]);
      const guards: Guards = {
        consoleErrors: [],
        foreignRequests: [],
        expectConsoleError: (pattern) => expected.push(pattern),
        allowOrigin: (origin) => allowed.add(new URL(origin).origin),
      };
      page.on('console', (message) => {
        if (message.type() === 'error') guards.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => guards.consoleErrors.push(`uncaught: ${error.message}`));
      page.on('request', (request) => {
        const url = request.url();
        // blob: and data: URLs are created by the page itself (workers, images), not fetched.
        if (url.startsWith('blob:') || url.startsWith('data:')) return;
        if (!allowed.has(new URL(url).origin)) guards.foreignRequests.push(url);
      });
      await use(guards);
      expect(guards.foreignRequests, 'requests that left the app origin').toEqual([]);
      const unexpected = guards.consoleErrors.filter((text) => !expected.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
