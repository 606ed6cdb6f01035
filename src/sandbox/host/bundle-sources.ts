import frameScriptUrl from '../frame/frame-entry.ts?worker&url';
import harnessScriptUrl from '../worker/harness-entry.ts?worker&url';
import zodScriptUrl from '../worker/zod-entry.ts?worker&url';

// The frame script, the worker harness and zod are bundled by Vite as self-contained files (the
// `?worker&url` import makes Vite build each with its dependencies). The iframe cannot load them
// itself: its opaque origin makes every subresource a CORS request, and its CSP allows no network.
// So the host, which is same-origin with them, fetches their text once and hands it over.
// See docs/adr/0006-sandbox-worker-bootstrap.md and 0008-warm-worker-pool.md (zod apart from the harness).

export interface BundleSources {
  frameSource: string;
  harnessSource: string;
  zodSource: string;
}

export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
}

let cached: Promise<BundleSources> | undefined;

/** Under `vite dev` the two files come bundled from vite-plugin-sandbox-dev.ts instead (same prefix). */
const devPrefix = `${import.meta.env.BASE_URL}@toolscope-sandbox/`;
const frameUrl = import.meta.env.DEV ? `${devPrefix}frame.js` : frameScriptUrl;
const harnessUrl = import.meta.env.DEV ? `${devPrefix}harness.js` : harnessScriptUrl;
const zodUrl = import.meta.env.DEV ? `${devPrefix}zod.js` : zodScriptUrl;

export function loadBundleSources(fetchText: (url: string) => Promise<string> = defaultFetchText): Promise<BundleSources> {
  cached ??= Promise.all([fetchText(frameUrl), fetchText(harnessUrl), fetchText(zodUrl)]).then(
    ([frameSource, harnessSource, zodSource]) => {
      assertBundled(frameSource, frameUrl);
      assertBundled(harnessSource, harnessUrl);
      assertBundled(zodSource, zodUrl);
      return { frameSource, harnessSource, zodSource };
    },
  );
  // A failed load (offline preview server) must not be remembered forever.
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}

async function defaultFetchText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    const hint = import.meta.env.DEV
      ? ' Under `vite dev`, add sandboxDevBundles() (src/sandbox/vite-plugin-sandbox-dev.ts) to the Vite plugins.'
      : '';
    throw new SandboxUnavailableError(`Could not load the sandbox script ${url}: HTTP ${response.status}.${hint}`);
  }
  return response.text();
}

/**
 * Both scripts run as classic scripts (a Blob <script>, a classic worker). The dev server serves
 * them unbundled, as ES modules importing other modules by URL, which cannot work there.
 */
function assertBundled(source: string, url: string): void {
  // A server's HTML fallback page instead of the script would otherwise fail later, as a timeout.
  if (/^\s*</.test(source)) throw new SandboxUnavailableError(`The sandbox script ${url} answered with HTML, not JavaScript`);
  // A line that starts a static import or an export (`import.meta` too), never a name like importScripts.
  if (/^\s*(?:import|export)\b\s*[\w{*"'(.]/m.test(source)) {
    throw new SandboxUnavailableError(
      `The sandbox script ${url} is not bundled (a dev server serving modules one by one?). ` +
        'Use the production build (npm run build && npm run preview) or sandboxDevBundles(); see src/sandbox/README.md.',
    );
  }
}
