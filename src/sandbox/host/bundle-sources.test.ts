import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// loadBundleSources keeps one promise per page; each test gets a fresh copy of the module.
async function freshLoader() {
  vi.resetModules();
  return import('./bundle-sources.ts');
}

const bundled = '(()=>{"use strict";var a=1;})();';

describe('loadBundleSources', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

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

  it('under vite dev, fetches the three bundles the dev plugin serves', async () => {
    const { loadBundleSources } = await freshLoader();
    const fetchText = vi.fn(async (_url: string) => bundled);
    await loadBundleSources(fetchText);
    expect(fetchText.mock.calls.map(([url]) => url)).toEqual([
      '/@toolscope-sandbox/frame.js',
      '/@toolscope-sandbox/harness.js',
      '/@toolscope-sandbox/zod.js',
    ]);
  });

  it('accepts a bundle that only mentions import or export, or calls importScripts', async () => {
    const accepted = [
      'var note = "import { z } from \'zod\'; export { a }";',
      'var lessThan = 1 < 2;',
      "importScripts('zod.js');",
      '  exports.a = 1;',
    ];
    for (const source of accepted) {
      const { loadBundleSources } = await freshLoader();
      expect((await loadBundleSources(async () => source)).zodSource).toBe(source);
    }
  });

  it('refuses any line that starts a module import or export, however it is spaced', async () => {
    const refused = [
      "  import { z } from 'zod';",
      'import{z}from"zod";',
      "import 'zod';",
      'var a;\nexport default a;',
      'export*from"./a.js";',
      'const url = 1;\nimport.meta.url;',
    ];
    for (const source of refused) {
      const { loadBundleSources } = await freshLoader();
      const failure = (await loadBundleSources(async () => source).catch((error: unknown) => error)) as Error;
      expect([source, failure.message]).toEqual([
        source,
        'The sandbox script /@toolscope-sandbox/frame.js is not bundled (a dev server serving modules one by one?). ' +
          'Use the production build (npm run build && npm run preview) or sandboxDevBundles(); see src/sandbox/README.md.',
      ]);
    }
  });

  it('under vite dev, says how to serve the bundles when one is missing; in a build, only the status', async () => {
    vi.stubGlobal('fetch', async () => new Response('missing', { status: 404 }));
    const dev = await freshLoader();
    await expect(dev.loadBundleSources()).rejects.toThrow(
      'Could not load the sandbox script /@toolscope-sandbox/frame.js: HTTP 404. Under `vite dev`, add sandboxDevBundles() (src/sandbox/vite-plugin-sandbox-dev.ts) to the Vite plugins.',
    );
    vi.stubEnv('DEV', false);
    const built = await freshLoader();
    await expect(built.loadBundleSources()).rejects.toThrow(/^Could not load the sandbox script \S+: HTTP 404\.$/);
  });
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
