import { test, expect } from './fixtures.ts';
import { sampleTools } from '../src/samples/tools/index.ts';

// Issue 15: start-up compiles every tool side by side. On a starved CPU that must be slower, never wrong:
// a busy sandbox may not make a tool look broken (an earlier design that compiled ten tools at once
// starved the sandbox until its heartbeat rebuilt it, and every tool showed errors). The samples are
// compiled at build time now (issue 30), so the workspace opened here has every tool's code edited, as
// a person's own tools are, never compiled on this browser before.

declare global {
  interface Window {
    __toolStatusesSeen?: Set<string>;
  }
}

test(
  'with the CPU saturated, every tool of the workspace compiles to valid and none is ever shown as failed',
  { tag: '@extended' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'valid' })).toHaveCount(sampleTools.length);
    await page.keyboard.press('ControlOrMeta+S');
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('toolscope.workspace') ?? '{}');
      for (const tool of saved.workspace.tools) tool.codeSource = `${tool.codeSource}\n// edited before this visit\n`;
      localStorage.setItem('toolscope.workspace', JSON.stringify(saved));
    });
    // Busy loops on twice as many threads as there are cores, for as long as the test lives: in a page of
    // their own, since the app's CSP (rightly) lets no blob: worker start in it.
    const burners = await page.context().newPage();
    await burners.evaluate(() => {
      const burner = URL.createObjectURL(new Blob(['for (;;) {}'], { type: 'text/javascript' }));
      for (let thread = 0; thread < navigator.hardwareConcurrency * 2; thread++) new Worker(burner);
    });
    await page.addInitScript(() => {
      const seen = new Set<string>();
      window.__toolStatusesSeen = seen;
      new MutationObserver(() => {
        for (const dot of document.querySelectorAll('[aria-label="Tool list"] .status-dot')) seen.add(dot.getAttribute('aria-label') ?? '');
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'aria-label'] });
    });
    await page.reload();
    const tools = page.getByRole('list', { name: 'Tool list' });
    await expect(tools.getByRole('listitem')).toHaveCount(sampleTools.length);
    await expect(tools.getByRole('img', { name: 'valid' })).toHaveCount(sampleTools.length, { timeout: 90_000 });
    expect([...((await page.evaluate(() => [...(window.__toolStatusesSeen ?? [])])) as string[])].sort()).toEqual(['checking…', 'valid']);
    await burners.close();
  },
);
