import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

// Issue 28, critical finding: another site framed `<app>/sandbox.html` without a `sandbox` attribute, sent it
// the init message, and its script ran as the app's origin (it read the remembered API keys). These specs
// serve that attacker page on another loopback origin and check that nothing of it runs in the app's origin:
// the headers refuse the frame, and where a host sends no headers the bootstrap refuses to start.

const keyStorage = 'toolscope.apiKeys.v1';

// The attacker's page: frames a URL, and once it loaded sends the sandbox's init message with a script that
// reports its origin and whatever it can read of the app's storage, then a marker message.
const attackerPage = `<!doctype html><meta charset="utf-8"><title>attacker</title><body><script>
window.reports = [];
addEventListener('message', (event) => { if (event.data && event.data.origin !== undefined) window.reports.push(event.data); });
window.frameUrl = (url, sandbox) => new Promise((resolve) => {
  const frame = document.createElement('iframe');
  if (sandbox !== null) frame.setAttribute('sandbox', sandbox);
  frame.onload = () => resolve();
  frame.src = url;
  document.body.appendChild(frame);
});
window.sendInit = () => {
  const frame = document.querySelector('iframe');
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => window.reports.push(event.data);
  const frameSource = "var report; try { report = { origin: self.origin, stolen: localStorage.getItem('${keyStorage}') }; }" +
    " catch (error) { report = { origin: self.origin, error: String(error) }; }" +
    " window.toolscopeSandboxPort.postMessage(report); parent.postMessage(report, '*');";
  frame.contentWindow.postMessage({ type: 'toolscope-sandbox-init', frameSource }, '*', [channel.port2]);
  frame.contentWindow.postMessage('after-init', '*');
};
</script></body>`;

let attacker: Server;
let attackerOrigin: string;

test.beforeAll(async () => {
  attacker = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(Number(process.env.E2E_ATTACKER_PORT ?? 0), '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

/** Puts a remembered key in the app's storage, as a person who pressed "Remember" would have. */
async function rememberKey(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ openai: 'sk-secret-of-the-person' })), keyStorage);
}

function framed(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error('the attacker page has no frame');
  return frame;
}

interface AttackOutcome {
  /** What the frame shows: the sandbox, or Chromium's error page when the frame was refused. */
  frameUrl: string;
  /** The bootstrap took the init message (it keeps the port in a global then). */
  started: boolean;
  title: string;
  reports: unknown[];
}

/** Frames `<app>/sandbox.html` from the attacker's origin, sends the init message, and reads what happened. */
async function attack(page: Page, baseURL: string, sandbox: string | null): Promise<AttackOutcome> {
  await page.goto(`${attackerOrigin}/`);
  await page.evaluate(({ url, sandbox }) => window.frameUrl(url, sandbox), { url: `${baseURL}/sandbox.html`, sandbox });
  const frame = framed(page);
  if (!frame.url().endsWith('/sandbox.html')) return { frameUrl: frame.url(), started: false, title: '', reports: [] };
  // Messages from one window to another arrive in order: once the marker is in, the init message was handled.
  await frame.evaluate(() =>
    addEventListener('message', (event) => event.data === 'after-init' && document.documentElement.setAttribute('data-after-init', '')),
  );
  await page.evaluate(() => window.sendInit());
  await frame.waitForFunction(() => document.documentElement.hasAttribute('data-after-init'));
  return {
    frameUrl: frame.url(),
    started: await frame.evaluate(() => 'toolscopeSandboxPort' in window),
    title: await frame.evaluate(() => document.title),
    reports: await page.evaluate(() => window.reports),
  };
}

declare global {
  interface Window {
    reports: unknown[];
    frameUrl(url: string, sandbox: string | null): Promise<void>;
    sendInit(): void;
  }
}

test('another origin that frames sandbox.html without a sandbox attribute is refused by its headers', async ({ page, baseURL, guards }) => {
  guards.allowOrigin(attackerOrigin);
  guards.expectConsoleError(/Refused to frame|frame-ancestors/);
  await rememberKey(page);
  const outcome = await attack(page, baseURL as string, null);
  expect(outcome.frameUrl, 'the frame was refused (Chromium shows its error page)').not.toContain('/sandbox.html');
  expect(outcome.reports).toEqual([]);
});

test('the app page itself cannot be framed by another origin', async ({ page, baseURL, guards }) => {
  guards.allowOrigin(attackerOrigin);
  guards.expectConsoleError(/Refused to frame|frame-ancestors/);
  await page.goto(`${attackerOrigin}/`);
  await page.evaluate((url) => window.frameUrl(url, null), `${baseURL}/`);
  expect(framed(page).url()).not.toBe(`${baseURL}/`);
});

test.describe('on a host that sends no headers', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    // As a static host that ignores public/_headers would serve it: the same file, no CSP header.
    await page.route(`${baseURL}/sandbox.html`, async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'content-security-policy'));
      await route.fulfill({ response, headers });
    });
  });

  test('the sandbox bootstrap framed without a sandbox attribute refuses to start', async ({ page, baseURL, guards }) => {
    guards.allowOrigin(attackerOrigin);
    await rememberKey(page);
    const outcome = await attack(page, baseURL as string, null);
    expect(outcome.frameUrl).toBe(`${baseURL}/sandbox.html`);
    expect(outcome.started, 'the bootstrap took the init message').toBe(false);
    expect(outcome.title).toContain('refused to start');
    expect(outcome.reports).toEqual([]);
  });

  test('the sandbox bootstrap framed with allow-same-origin refuses to start', async ({ page, baseURL, guards }) => {
    guards.allowOrigin(attackerOrigin);
    await rememberKey(page);
    const outcome = await attack(page, baseURL as string, 'allow-scripts allow-same-origin');
    expect(outcome.started).toBe(false);
    expect(outcome.reports).toEqual([]);
  });

  test('a sandboxed frame on another origin does not start either (only the app may start it)', async ({ page, baseURL, guards }) => {
    guards.allowOrigin(attackerOrigin);
    const outcome = await attack(page, baseURL as string, 'allow-scripts');
    expect(outcome.started).toBe(false);
    expect(outcome.reports).toEqual([]);
  });
});

test('a popup of the app opened by another origin cannot be reached from it', async ({ page, baseURL, guards }) => {
  guards.allowOrigin(attackerOrigin);
  await page.goto(`${attackerOrigin}/`);
  const popupOpened = page.context().waitForEvent('page');
  await page.evaluate((url) => {
    (window as unknown as { victim: Window | null }).victim = window.open(url, 'toolscope-victim');
  }, `${baseURL}/`);
  const popup = await popupOpened;
  await popup.waitForLoadState('load');
  await expect(popup.getByRole('heading', { name: 'Toolscope' }).or(popup.getByText('Toolscope').first())).toBeVisible();
  // Cross-Origin-Opener-Policy puts the app in its own browsing context group: the opener's handle reads closed.
  expect(await page.evaluate(() => (window as unknown as { victim: Window }).victim.closed)).toBe(true);
});
