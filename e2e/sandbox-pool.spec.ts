import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';

// Issue 15: the warm worker pool and batched compiles keep the sandbox's isolation. A call runs in a
// worker that ran nothing but that call's module; a module stuck at load fails alone, not its batch.

async function openSandbox(page: Page): Promise<void> {
  await page.goto('/e2e/pages/sandbox-test.html');
  await page.evaluate(() => window.sandboxTest.start());
}

/** A module that notes its own loading in the worker's global scope; its execute reports what that worker saw. */
const witness = (label: string) => ({
  schemaSource: `import { z } from 'zod';\n(globalThis as any).seen = [...((globalThis as any).seen ?? []), 'schema ${label}'];\nexport default z.object({});\n`,
  codeSource: `(globalThis as any).seen = [...((globalThis as any).seen ?? []), '${label}'];\nexport default async function execute() {\n  const scope = globalThis as any;\n  scope.calls = (scope.calls ?? 0) + 1;\n  return { seen: scope.seen, calls: scope.calls };\n}\n`,
});

test('every call runs in a worker that ran only its own module, once, even with compiles batched', async ({ page }) => {
  await openSandbox(page);
  // Compiled together, so both tools' modules ran in one compile worker.
  const created = await page.evaluate(
    (tools) => window.sandboxTest.addTools(tools),
    [
      { name: 'alpha', description: 'alpha', ...witness('alpha') },
      { name: 'beta', description: 'beta', ...witness('beta') },
    ],
  );
  expect(created).toEqual([{ ok: true }, { ok: true }]);

  const results = [];
  for (let call = 0; call < 4; call++) results.push(await page.evaluate(() => window.sandboxTest.call('alpha', {})));
  for (let fanOut = 0; fanOut < 3; fanOut++) {
    const calls = [
      ...Array.from({ length: 6 }, () => ({ name: 'alpha', args: {} })),
      ...Array.from({ length: 3 }, () => ({ name: 'beta', args: {} })),
    ];
    results.push(...(await page.evaluate((batch) => window.sandboxTest.callBatch(batch), calls)));
    await page.waitForTimeout(200);
  }
  expect(results).toHaveLength(31);
  for (const result of results) {
    expect(result.status).toBe('success');
    const { seen, calls } = result.result as { seen: string[]; calls: number };
    expect(calls).toBe(1);
    expect(seen).toHaveLength(1);
  }
  expect(results.filter((result) => (result.result as { seen: string[] }).seen[0] === 'beta')).toHaveLength(9);
  // The pool served most workers warm.
  const stats = await page.evaluate(() => window.sandboxTest.stats());
  expect(stats.warmWorkers).toBeGreaterThan(0);
});

test('a schema stuck at load in a compile batch fails alone; the rest of its batch compiles', async ({ page }) => {
  await openSandbox(page);
  const echo = `export default async function execute() {\n  return 'ok';\n}\n`;
  const schema = `import { z } from 'zod';\nexport default z.object({});\n`;
  const created = await page.evaluate(
    (tools) => window.sandboxTest.addTools(tools),
    [
      { name: 'first', description: 'first', schemaSource: schema, codeSource: echo },
      {
        name: 'stuck',
        description: 'stuck',
        schemaSource: `import { z } from 'zod';\nwhile (true) {}\nexport default z.object({});\n`,
        codeSource: echo,
      },
      { name: 'third', description: 'third', schemaSource: schema, codeSource: echo },
    ],
  );
  expect(created[0]).toEqual({ ok: true });
  expect(created[1]).toEqual({
    ok: false,
    errors: { schema: [{ line: 1, column: 1, message: expect.stringContaining('did not finish loading within 3000 ms') }], code: [] },
  });
  expect(created[2]).toEqual({ ok: true });
  for (const name of ['first', 'third'])
    expect(await page.evaluate((tool) => window.sandboxTest.call(tool, {}), name)).toMatchObject({ status: 'success', result: 'ok' });
});
