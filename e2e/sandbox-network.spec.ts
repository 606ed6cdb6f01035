import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, type Page } from '@playwright/test';

// Issue 4: what sandboxed code can reach. These specs use Playwright's own `test`, not ./fixtures.ts:
// the sandbox's CSP blocking a request logs a console error by design, and the allowed ctx.fetch goes
// to a loopback test server, which the shared guard would count as a foreign request.

interface LoopbackServer {
  origin: string;
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  /** Requests whose connection closed before the server answered (i.e. aborted by the client). */
  aborted: string[];
  close(): Promise<void>;
}

async function startServer(): Promise<LoopbackServer> {
  const requests: LoopbackServer['requests'] = [];
  const aborted: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push({ method: request.method ?? '', url, headers: request.headers });
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      // CORS preflight for the custom header the allowed fetch sends.
      response.writeHead(204, { 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET' }).end();
      return;
    }
    if (url.startsWith('/slow')) {
      response.on('close', () => {
        if (!response.writableEnded) aborted.push(url);
      });
      return; // Never answers.
    }
    if (url.startsWith('/redirect')) {
      response.writeHead(302, { location: 'https://example.invalid/elsewhere' }).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json', 'x-test': 'yes', 'access-control-expose-headers': 'x-test' })
      .end(JSON.stringify({ hello: 'sandbox', path: url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    aborted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const test = base.extend<{ server: LoopbackServer }>({
  server: async ({}, use) => {
    const server = await startServer();
    await use(server);
    await server.close();
  },
});

const schemaSource = `import { z } from 'zod';\nexport default z.object({});\n`;

async function openSandbox(page: Page): Promise<void> {
  await page.goto('/e2e/pages/sandbox-test.html');
  await page.evaluate(() => window.sandboxTest.start());
}

async function run(page: Page, name: string, codeSource: string, timeoutMs?: number) {
  const created = await page.evaluate((options) => window.sandboxTest.addTool(options), {
    name,
    description: name,
    schemaSource,
    codeSource,
    timeoutMs,
  });
  expect(created, name).toEqual({ ok: true });
  return page.evaluate((name) => window.sandboxTest.call(name, {}), name);
}

test('code cannot read the page’s storage, cookies or DOM, nor reach the network directly', async ({ page, server }) => {
  // Chromium reports some requests that its CSP then blocks (XHR, EventSource) as started; none may finish.
  const finishedRequestsToServer: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().startsWith(server.origin)) finishedRequestsToServer.push(request.url());
  });
  await openSandbox(page);
  await page.evaluate(() => {
    localStorage.setItem('secret', 'api-key-123');
    document.cookie = 'session=secret-cookie';
  });
  const target = server.origin;
  const attempts: Record<string, { code: string; error: RegExp }> = {
    localStorage: { code: `return localStorage.getItem('secret');`, error: /localStorage is not defined/ },
    cookie: { code: `return document.cookie;`, error: /document is not defined/ },
    indexedDB: {
      code: `return await new Promise((resolve, reject) => { const open = indexedDB.open('x'); open.onsuccess = () => resolve('opened'); open.onerror = () => reject(open.error); });`,
      error: /SecurityError|denied/,
    },
    caches: { code: `return await caches.open('x');`, error: /SecurityError|denied|caches is not defined/ },
    parentDocument: { code: `return parent.document.title;`, error: /parent is not defined/ },
    top: { code: `return (globalThis as any).top.document.cookie;`, error: /Cannot read properties of undefined/ },
    // The request goes out and the CSP refuses it; the error then says so and points to ctx.fetch (issue 27).
    fetch: {
      code: `return await (await fetch('${target}/direct-fetch')).text();`,
      error: /^TypeError: The sandbox blocks direct network access.*ctx\.fetch/,
    },
    xhr: {
      code: `return await new Promise((resolve, reject) => { const request = new XMLHttpRequest(); request.open('GET', '${target}/xhr'); request.onload = () => resolve(request.responseText); request.onerror = () => reject(new Error('xhr failed')); request.send(); });`,
      error: /xhr failed|NetworkError|Refused/,
    },
    importScripts: { code: `importScripts('${target}/import-scripts.js'); return 'loaded';`, error: /importScripts|failed to load/ },
    webSocket: {
      code: `return await new Promise((resolve, reject) => { const socket = new WebSocket('${target.replace('http', 'ws')}/socket'); socket.onopen = () => resolve('open'); socket.onerror = () => reject(new Error('websocket failed')); });`,
      error: /websocket failed|SecurityError|Refused/,
    },
    eventSource: {
      code: `return await new Promise((resolve, reject) => { const source = new EventSource('${target}/events'); source.onopen = () => resolve('open'); source.onerror = () => reject(new Error('event source failed')); });`,
      error: /event source failed|Refused/,
    },
    nestedWorker: {
      code: `return await new Promise((resolve, reject) => { const worker = new Worker('${target}/worker.js'); worker.onerror = () => reject(new Error('worker failed')); setTimeout(() => resolve('no error?'), 500); });`,
      error: /worker failed|SecurityError|Failed to construct/,
    },
    // Issue 28: the remaining routes out that run or load code or bytes from elsewhere.
    // The module loader answers before the browser would (its CSP refuses the fetch as well).
    dynamicImport: {
      code: `return await import('${target}/module.js');`,
      error: /^Cannot import "http:\/\/127\.0\.0\.1:\d+\/module\.js": in the sandbox only "zod" and "toolscope" can be imported/,
    },
    eval: { code: `return eval('"evaluated"');`, error: /^EvalError: .*'unsafe-eval' is not an allowed source of script/ },
    newFunction: {
      code: `return new Function('return "evaluated"')();`,
      error: /^EvalError: .*'unsafe-eval' is not an allowed source of script/,
    },
    font: {
      code: `const face = new FontFace('probe', 'url(${target}/font.woff2)'); (self as any).fonts?.add(face); return await face.load();`,
      error: /^NetworkError: A network error occurred/,
    },
    ctxFetchNotAllowed: {
      code: `return await (await ctx.fetch('${target}/ctx-fetch')).text();`,
      error: new RegExp(
        `^TypeError: fetch to ${target.replace(/[.]/g, '\\.')} blocked: origin not in the allowlist\\. Add "${target.replace(/[.]/g, '\\.')}" under Settings → Network allowlist\\.`,
      ),
    },
  };
  for (const [name, { code, error }] of Object.entries(attempts)) {
    const result = await run(page, name, `export default async function execute(input, ctx) {\n  ${code}\n}\n`, 3_000);
    expect(result.status, `${name}: ${JSON.stringify(result.result)}`).toBe('error');
    expect(result.errorMessage, name).toMatch(error);
  }
  expect(server.requests, 'requests that reached the loopback server').toEqual([]);
  expect(finishedRequestsToServer).toEqual([]);
});

test('ctx.fetch reaches an allowed origin without the page’s cookies or referrer', async ({ page, server }) => {
  await openSandbox(page);
  await page.evaluate(() => {
    document.cookie = 'session=secret-cookie';
  });
  await page.evaluate((origin) => window.sandboxTest.setAllowlist([origin]), server.origin);
  const result = await run(
    page,
    'allowed',
    `export default async function execute(input, ctx) {
  const response = await ctx.fetch('${server.origin}/data?x=1', { headers: { 'x-tool': 'sandbox' } });
  return { status: response.status, header: response.headers.get('x-test'), body: await response.json(), url: response.url };
}
`,
  );
  expect(result).toMatchObject({
    status: 'success',
    result: { status: 200, header: 'yes', body: { hello: 'sandbox', path: '/data?x=1' }, url: `${server.origin}/data?x=1` },
  });
  const gets = server.requests.filter((request) => request.method === 'GET');
  expect(gets).toHaveLength(1);
  const headers = gets[0]?.headers ?? {};
  expect(headers['x-tool']).toBe('sandbox');
  expect(headers.cookie).toBeUndefined();
  expect(headers.referer).toBeUndefined();
});

test('ctx.fetch is aborted when the call times out, and redirects are not followed', async ({ page, server }) => {
  await openSandbox(page);
  await page.evaluate((origin) => window.sandboxTest.setAllowlist([origin]), server.origin);
  const slow = await run(
    page,
    'slow',
    `export default async function execute(input, ctx) {\n  return (await ctx.fetch('${server.origin}/slow')).status;\n}\n`,
    500,
  );
  expect(slow.errorKind).toBe('timeout');
  await expect.poll(() => server.aborted, { timeout: 2_000 }).toEqual(['/slow']);

  const redirected = await run(
    page,
    'redirected',
    `export default async function execute(input, ctx) {\n  return (await ctx.fetch('${server.origin}/redirect')).status;\n}\n`,
  );
  expect(redirected.errorMessage).toMatch(/answered with a redirect, which the sandbox does not follow/);
});
