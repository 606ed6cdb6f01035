import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';

// Issue 31: Python tools run in the same sandbox (null-origin iframe, one worker per call from a warm
// pool of workers with Pyodide booted) through a real ToolExecutor, on the production build. Driven
// through e2e/pages/sandbox-test.ts.

const weather = `from typing import Literal
from toolscope import tool, ctx, TransientError

@tool(idempotent=True)
async def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> dict:
    """Current weather for a city."""
    ctx.log("looking up", city)
    print("printed", unit)
    await ctx.sleep(0.05)
    return {"city": city, "temp": 21, "unit": unit}
`;

async function openSandbox(page: Page): Promise<void> {
  await page.goto('/e2e/pages/sandbox-test.html');
  await page.evaluate(() => window.sandboxTest.start());
}

async function addPythonTool(page: Page, source: string, options: { timeoutMs?: number } = {}) {
  return page.evaluate(({ source, options }) => window.sandboxTest.addPythonTool(source, options), { source, options });
}

test('a Python tool is described from its signature, validated on the host and run through the executor', async ({ page }) => {
  await openSandbox(page);
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
  const ok = await page.evaluate(() => window.sandboxTest.call('get_weather', { city: 'Oslo' }));
  expect(ok).toMatchObject({
    status: 'success',
    result: { city: 'Oslo', temp: 21, unit: 'celsius' },
    logs: ['looking up Oslo', 'printed celsius'],
  });
  const invalid = await page.evaluate(() => window.sandboxTest.call('get_weather', { city: 7, unit: 'kelvin' }));
  expect(invalid).toMatchObject({ status: 'error', errorKind: 'invalid_arguments' });
});
