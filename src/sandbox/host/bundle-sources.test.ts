import { beforeEach, describe, expect, it, vi } from 'vitest';

// loadBundleSources keeps one promise per page; each test gets a fresh copy of the module.
async function freshLoader() {
  vi.resetModules();
  return import('./bundle-sources.ts');
}

const bundled = '(()=>{"use strict";var a=1;})();';

describe('loadBundleSources', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('fetches the frame script, the harness and the zod bundle once and keeps them', async () => {
    const { loadBundleSources } = await freshLoader();
    const name = (url: string) => ['frame', 'harness', 'zod'].find((part) => url.includes(part));
    const fetchText = vi.fn(async (url: string) => `${bundled}//${name(url)}`);
    const first = await loadBundleSources(fetchText);
    expect([first.frameSource, first.harnessSource, first.zodSource].map((source) => source.slice(bundled.length))).toEqual([
      '//frame',
      '//harness',
      '//zod',
    ]);
    expect(await loadBundleSources(fetchText)).toBe(first);
    expect(fetchText).toHaveBeenCalledTimes(3);
  });

  it('refuses an HTML page or an unbundled module instead of failing later as a timeout, and does not remember a failure', async () => {
    const { loadBundleSources, SandboxUnavailableError } = await freshLoader();
    await expect(loadBundleSources(async () => '  <!doctype html><html></html>')).rejects.toThrow(/answered with HTML, not JavaScript$/);
    await expect(loadBundleSources(async () => "import { z } from '/node_modules/zod';")).rejects.toThrow(/is not bundled/);
    await expect(loadBundleSources(async () => 'const a = 1;\nexport { a };')).rejects.toBeInstanceOf(SandboxUnavailableError);
    // A later attempt starts over.
    expect((await loadBundleSources(async () => bundled)).harnessSource).toBe(bundled);
  });

  it('says which script failed to load and with what status, by default through fetch', async () => {
    const { loadBundleSources } = await freshLoader();
    const fetch = vi.fn(async () => new Response('missing', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    const failure = (await loadBundleSources().catch((error: unknown) => error)) as Error;
    expect(failure.name).toBe('SandboxUnavailableError');
    expect(failure.message).toMatch(/^Could not load the sandbox script .+: HTTP 404\./);
    expect(fetch).toHaveBeenCalledWith(expect.any(String), { credentials: 'same-origin' });
    fetch.mockImplementation(async () => new Response(bundled));
    expect((await loadBundleSources()).frameSource).toBe(bundled);
  });
});
