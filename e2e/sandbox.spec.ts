import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';

// Issue 4: user-written tools run in the sandbox (null-origin iframe + a worker per call) through a
// real ToolExecutor, on the production build. Driven through e2e/pages/sandbox-test.ts.

const schemaSource = `import { z } from 'zod';

export default z.object({
  text: z.string().describe('Some text'),
});
`;

const echoCode = `export default async function execute(input: { text: string }, ctx) {
  ctx.log('echo', input.text);
  return { echoed: input.text, attempt: ctx.attempt };
}
`;

async function openSandbox(page: Page): Promise<void> {
  await page.goto('/e2e/pages/sandbox-test.html');
  await page.evaluate(() => window.sandboxTest.start());
}

async function addTool(page: Page, name: string, codeSource: string, options: { timeoutMs?: number; schema?: string } = {}): Promise<void> {
  const created = await page.evaluate(
    ({ name, codeSource, schemaSource, timeoutMs }) => window.sandboxTest.addTool({ name, description: `Test tool ${name}`, schemaSource, codeSource, timeoutMs }),
    { name, codeSource, schemaSource: options.schema ?? schemaSource, timeoutMs: options.timeoutMs },
  );
  expect(created).toEqual({ ok: true });
}

test('a sandboxed tool validates, runs and logs through the executor', async ({ page }) => {
  await openSandbox(page);
  await addTool(page, 'echo', echoCode);
  const ok = await page.evaluate(() => window.sandboxTest.call('echo', { text: 'hi' }));
  expect(ok).toMatchObject({ status: 'success', result: { echoed: 'hi', attempt: 1 }, logs: ['echo hi'] });

  const invalid = await page.evaluate(() => window.sandboxTest.call('echo', { text: 42, extra: true }));
  expect(invalid.errorKind).toBe('invalid_arguments');
  expect(invalid.errorMessage).toContain('text');

  expect(await page.evaluate(() => window.sandboxTest.parameters('echo'))).toMatchObject({
    type: 'object',
    properties: { text: { type: 'string', description: 'Some text' } },
    required: ['text'],
  });
});

test('while (true) {} with a 500 ms timeout ends in time, the page keeps painting, the next call works', async ({ page }, testInfo) => {
  await openSandbox(page);
  await addTool(page, 'spin', `export default async function execute() {\n  while (true) {}\n}\n`, { timeoutMs: 500 });
  await addTool(page, 'echo', echoCode);

  const spun = await page.evaluate(() => window.sandboxTest.call('spin', { text: 'x' }));
  expect(spun.errorKind).toBe('timeout');
  expect(spun.elapsedMs).toBeLessThanOrEqual(750);
  expect(spun.maxFrameGapMs).toBeLessThan(100);
  testInfo.annotations.push({ type: 'figure', description: `while(true) with 500 ms timeout: result after ${spun.elapsedMs} ms; longest frame gap ${spun.maxFrameGapMs} ms over ${spun.frames} frames` });
  console.log(`[figure] while(true) 500 ms timeout -> result after ${spun.elapsedMs} ms, longest frame gap ${spun.maxFrameGapMs} ms (${spun.frames} frames)`);

  const next = await page.evaluate(() => window.sandboxTest.call('spin', { text: 'again' }));
  expect(next.errorKind).toBe('timeout');
  const echoed = await page.evaluate(() => window.sandboxTest.call('echo', { text: 'after' }));
  expect(echoed).toMatchObject({ status: 'success', result: { echoed: 'after' } });
});
