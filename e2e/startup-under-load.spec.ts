import { test, expect } from './fixtures.ts';
import { sampleTools } from '../src/samples/tools/index.ts';

// Issue 15: start-up compiles every sample tool side by side. On a starved CPU that must be slower,
// never wrong: a busy sandbox may not make a tool look broken (an earlier design that compiled ten
// tools at once starved the sandbox until its heartbeat rebuilt it, and every tool showed errors).

declare global {
  interface Window {
    __toolStatusesSeen?: Set<string>;
  }
}

test('with the CPU saturated, every sample tool ends valid and none is ever shown as failed', { tag: '@extended' }, async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    // Busy loops on twice as many threads as there are cores, for as long as the page lives.
    const burner = URL.createObjectURL(new Blob(['for (;;) {}'], { type: 'text/javascript' }));
    for (let thread = 0; thread < navigator.hardwareConcurrency * 2; thread++) new Worker(burner);
    const seen = new Set<string>();
    window.__toolStatusesSeen = seen;
    new MutationObserver(() => {
      for (const dot of document.querySelectorAll('[aria-label="Tool list"] .status-dot')) seen.add(dot.getAttribute('aria-label') ?? '');
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'aria-label'] });
  });
  await page.goto('/');
  const tools = page.getByRole('list', { name: 'Tool list' });
  await expect(tools.getByRole('listitem')).toHaveCount(sampleTools.length);
  await expect(tools.getByRole('img', { name: 'valid' })).toHaveCount(sampleTools.length, { timeout: 90_000 });
  expect([...((await page.evaluate(() => [...(window.__toolStatusesSeen ?? [])])) as string[])].sort()).toEqual(['checking…', 'valid']);
});
