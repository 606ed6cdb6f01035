import { test as base, expect, type Page } from '@playwright/test';
import { rateLimitedSearch, weatherTool } from '../src/samples/python-samples.ts';

// Issue 31: Python tools run in the same sandbox (null-origin iframe, one worker per call from a warm
// pool of workers with Pyodide booted) through a real ToolExecutor, on the production build. Driven
// through e2e/pages/sandbox-test.ts. One page for every behaviour, so Python boots once (it takes
// seconds under load). Playwright's own `test`, not ./fixtures.ts: the escape checks make the sandbox's
// CSP refuse requests, which logs console errors by design.

const test = base;

const weather = weatherTool.codeSource;

const endless = `from toolscope import tool

@tool
def spin(label: str) -> str:
    """Never returns, and never awaits."""
    while True:
        pass
`;

const cooperative = `import asyncio
from toolscope import tool, ctx

@tool
async def wait_long(seconds: float) -> str:
    """Sleeps; sees the abort as CancelledError."""
    try:
        await ctx.sleep(seconds)
    except asyncio.CancelledError:
        ctx.log("saw CancelledError")
        raise
    return "slept"
`;

const rateLimited = rateLimitedSearch.codeSource;

const permanent = `from toolscope import tool, PermanentError

@tool(idempotent=True)
def find_order(order_id: int) -> dict:
    """Looks up an order."""
    raise PermanentError(f"order {order_id} does not exist", status=404)
`;

const divides = `from toolscope import tool

@tool
def divide(a: float, b: float) -> float:
    """a / b"""
    ratio = a / b
    return ratio
`;

const escapes = `import js
from toolscope import tool, ctx

@tool
async def escape(what: str) -> str:
    """Tries to reach what a sandboxed tool must not."""
    if what == "document":
        return str(js.document.title)
    if what == "storage":
        return str(js.localStorage.getItem("x"))
    if what == "network":
        # The frame's own origin is opaque ("null"): a real address, which the CSP (connect-src 'none') refuses.
        response = await js.fetch("http://127.0.0.1:9/")
        return str(response.status)
    if what == "ctx.fetch":
        response = await ctx.fetch("http://127.0.0.1:9/")
        return str(response.status)
    return "nothing"
`;

const typescriptEcho = {
  name: 'ts_echo',
  description: 'Echoes the text (TypeScript).',
  schemaSource: "import { z } from 'zod';\nexport default z.object({ text: z.string() });\n",
  codeSource: 'export default async function execute(input, ctx) {\n  await ctx.sleep(50);\n  return { echoed: input.text };\n}\n',
};

async function addPythonTool(page: Page, source: string, options: Record<string, unknown> = {}) {
  return page.evaluate(({ source, options }) => window.sandboxTest.addPythonTool(source, options), { source, options });
}

const call = (page: Page, name: string, args: unknown, options: { stopAfterMs?: number } = {}) =>
  page.evaluate(({ name, args, options }) => window.sandboxTest.call(name, args, options), { name, args, options });

/**
 * A call made once the tool has an interpreter booted for it. Each call uses one up, and booting the
 * next takes longer than a call's deadline under this machine's load (e2e/sandbox-figures.spec.ts
 * measures it): checks of what a call does, not of how soon, wait for it as a person waits for Ready.
 */
async function callWhenReady(page: Page, name: string, args: unknown) {
  await page.evaluate((tool) => window.sandboxTest.pythonReady(tool, 1), name);
  return call(page, name, args);
}

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await page.goto('/e2e/pages/sandbox-test.html');
  await page.evaluate(() => window.sandboxTest.start({ lingerLimitMs: 1_500 }));
});
test.afterAll(async () => page.close());

test('a Python tool is described from its signature, validated on the host and run through the executor', async () => {
  // Pyodide's files, the wasm's compile and the first boot: up to ~30 s on the shared 2-core machine.
  test.setTimeout(150_000);
  const created = await addPythonTool(page, weather);
  expect(created, JSON.stringify(created)).toMatchObject({
    ok: true,
    definition: {
      name: 'get_weather',
      description: 'Current weather for a city.',
      idempotent: true,
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' } },
        required: ['city'],
        additionalProperties: false,
      },
    },
  });
  console.log(
    `first Python tool ready (Pyodide fetched, wasm compiled, one interpreter booted: the compile’s, kept as the first call’s) in ${created.ok ? created.compileMs : '?'} ms`,
  );
  const ok = await call(page, 'get_weather', { city: 'Oslo' });
  expect(ok).toMatchObject({
    status: 'success',
    result: { city: 'Oslo', temp: 21, unit: 'celsius' },
    logs: ['looking up Oslo', 'printed celsius'],
  });
  const invalid = await call(page, 'get_weather', { city: 7, unit: 'kelvin' });
  expect(invalid).toMatchObject({ status: 'error', errorKind: 'invalid_arguments', attempts: 0 });
  // Invalid arguments never reached Python: nothing was logged.
  expect(invalid.logs).toEqual([]);
  // A warm call's figure, next to a TypeScript one's: e2e/sandbox-figures.spec.ts (npm run figures).
});

test('while True: pass is killed by terminating its worker, under each timeout strategy', async () => {
  for (const timeoutStrategy of ['abort-then-kill', 'abort', 'race'] as const) {
    const created = await addPythonTool(page, endless.replace('def spin', `def spin_${timeoutStrategy.replaceAll('-', '_')}`), {
      timeoutMs: 600,
      timeoutStrategy,
      killGraceMs: 0,
    });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const name = `spin_${timeoutStrategy.replaceAll('-', '_')}`;
    const result = await call(page, name, { label: 'x' });
    expect(result, timeoutStrategy).toMatchObject({ status: 'error', errorKind: 'timeout' });
    // The executor stops waiting at the deadline; the loop itself is ended by terminate(): at once
    // (abort-then-kill, grace 0) or at the linger limit (race, abort).
    expect(result.elapsedMs).toBeLessThan(600 + 1_000);
    await expect
      .poll(async () => (await page.evaluate((tool) => window.sandboxTest.kills(tool), name)).kills.length, { timeout: 10_000 })
      .toBe(1);
  }
});

test('a cooperative tool sees asyncio.CancelledError at its deadline; a stopped one is killed at once', async () => {
  // The deadline aborts the call's signal; under abort-then-kill the work has its grace (3 s) to end.
  // ctx.sleep fails as CancelledError on abort; any other await (asyncio.sleep here) sees it because
  // the abort cancels the tool's asyncio task (toolscope._cancel).
  for (const [name, wait] of [
    ['wait_on_ctx', 'ctx.sleep(seconds)'],
    ['wait_on_asyncio', 'asyncio.sleep(seconds)'],
  ] as const) {
    const source = cooperative.replace('def wait_long', `def ${name}`).replace('ctx.sleep(seconds)', wait);
    expect((await addPythonTool(page, source, { timeoutMs: 300, timeoutStrategy: 'abort-then-kill', killGraceMs: 3_000 })).ok).toBe(true);
    const timedOut = await call(page, name, { seconds: 30 });
    expect(timedOut).toMatchObject({ status: 'error', errorKind: 'timeout' });
    // The work ran on past the deadline: its await raised asyncio.CancelledError (the except block
    // logged) and the tool re-raised it, so the attempt settled late with that error, unkilled.
    await expect
      .poll(() => page.evaluate((tool) => window.sandboxTest.afterwards(tool), name), { timeout: 10_000 })
      .toEqual([
        { event: 'log', detail: 'saw CancelledError' },
        { event: 'error', detail: expect.stringMatching(/^CancelledError\b/) },
      ]);
    expect((await page.evaluate((tool) => window.sandboxTest.kills(tool), name)).kills).toEqual([]);
  }

  // A person's Stop wants the work gone whatever the strategy (core/deadline.ts): the call ends
  // `aborted` at once and its worker is terminated then, before Python could run an except block.
  expect((await addPythonTool(page, cooperative)).ok).toBe(true);
  const stopped = await call(page, 'wait_long', { seconds: 30 }, { stopAfterMs: 300 });
  expect(stopped).toMatchObject({ status: 'error', errorKind: 'aborted' });
  expect(stopped.elapsedMs).toBeLessThan(5_000);
  await expect.poll(async () => (await page.evaluate(() => window.sandboxTest.kills('wait_long'))).kills.length).toBe(1);
});

test('TransientError is retried after its Retry-After; PermanentError is not retried', async () => {
  expect((await addPythonTool(page, rateLimited)).ok).toBe(true);
  const retried = await call(page, 'rate_limited', { query: 'q' });
  expect(retried).toMatchObject({ status: 'success', attempts: 2, result: { query: 'q', attempt: 2 } });
  expect(retried.elapsedMs).toBeGreaterThanOrEqual(300);

  expect((await addPythonTool(page, permanent)).ok).toBe(true);
  const failed = await call(page, 'find_order', { order_id: 7 });
  expect(failed).toMatchObject({ status: 'error', attempts: 1, errorMessage: 'order 7 does not exist' });
});

test("an exception is Python's type and message at the tool's own line, not a wasm stack", async () => {
  expect((await addPythonTool(page, divides)).ok).toBe(true);
  const failed = await call(page, 'divide', { a: 1, b: 0 });
  expect(failed.errorMessage).toBe('ZeroDivisionError: division by zero');
  expect(failed.errorLocation).toMatchObject({ line: 6 });
  expect(JSON.stringify(failed)).not.toMatch(/wasm|pyodide\.asm/);

  const syntax = await addPythonTool(page, 'from toolscope import tool\n\n@tool\ndef broken(x: int) -> int:\n    return (x +\n');
  expect(syntax).toMatchObject({ ok: false, kind: 'source', errors: [{ line: 5, message: expect.stringMatching(/^SyntaxError: /) }] });
  const unsupported = await addPythonTool(page, 'from toolscope import tool\n\n@tool\ndef odd(x: complex) -> int:\n    return 1\n');
  expect(unsupported).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/complex.*has no JSON Schema/) }] });
});

test('the escape checks hold for Python: no DOM, no storage, no network but through ctx.fetch', async () => {
  expect((await addPythonTool(page, escapes)).ok).toBe(true);
  const document = await callWhenReady(page, 'escape', { what: 'document' });
  expect(document).toMatchObject({ status: 'error', errorMessage: expect.stringMatching(/AttributeError.*document/) });
  const storage = await callWhenReady(page, 'escape', { what: 'storage' });
  expect(storage).toMatchObject({ status: 'error', errorMessage: expect.stringMatching(/AttributeError.*localStorage/) });
  const network = await callWhenReady(page, 'escape', { what: 'network' });
  expect(network.status).toBe('error');
  expect(network.errorMessage).toMatch(/Failed to fetch|NetworkError|Content Security Policy|blocked/i);
  // ctx.fetch goes through the host's allowlist, which is empty: refused there.
  const proxied = await callWhenReady(page, 'escape', { what: 'ctx.fetch' });
  expect(proxied).toMatchObject({ status: 'error', errorMessage: expect.stringMatching(/allowlist|not allowed/i) });
});

test('a batch mixing Python and TypeScript tools runs side by side', { tag: '@extended' }, async () => {
  expect((await page.evaluate((tool) => window.sandboxTest.addTool(tool), typescriptEcho)).ok).toBe(true);
  // Each Python call takes an interpreter booted before it; the earlier tests used up the pool, and a
  // boot under this machine's load takes longer than a call's deadline. Wait until the batch's two are.
  await page.evaluate(() => window.sandboxTest.pythonReady('get_weather', 2));
  const results = await page.evaluate(() =>
    window.sandboxTest.callBatch([
      { name: 'get_weather', args: { city: 'Oslo' } },
      { name: 'ts_echo', args: { text: 'hi' } },
      { name: 'get_weather', args: { city: 'Rome', unit: 'fahrenheit' } },
      { name: 'ts_echo', args: { text: 'there' } },
    ]),
  );
  expect(results).toMatchObject([
    { status: 'success', result: { city: 'Oslo' } },
    { status: 'success', result: { echoed: 'hi' } },
    { status: 'success', result: { city: 'Rome', unit: 'fahrenheit' } },
    { status: 'success', result: { echoed: 'there' } },
  ]);
});
