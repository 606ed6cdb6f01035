import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ViteDevServer } from 'vite';

// Lets the sandbox run under `vite dev`. In a production build, `?worker&url` gives the host three
// self-contained bundles (the iframe's script, the worker harness and zod); the dev server serves those
// files unbundled, which cannot run from a Blob (see docs/adr/0006-sandbox-worker-bootstrap.md). This
// plugin serves each entry bundled, built on first request and again after a file under src/sandbox
// changes. Wired in vite.config.ts; it does nothing in `vite build`.

export const sandboxDevPathPrefix = '@toolscope-sandbox/';

const entries: Record<string, string> = {
  'frame.js': fileURLToPath(new URL('./frame/frame-entry.ts', import.meta.url)),
  'harness.js': fileURLToPath(new URL('./worker/harness-entry.ts', import.meta.url)),
  'zod.js': fileURLToPath(new URL('./worker/zod-entry.ts', import.meta.url)),
  'python-harness.js': fileURLToPath(new URL('./python/worker/python-harness-entry.ts', import.meta.url)),
};
const sandboxDirectory = fileURLToPath(new URL('.', import.meta.url));

export function sandboxDevBundles(): Plugin {
  const cache = new Map<string, Promise<string>>();
  return {
    name: 'toolscope:sandbox-dev-bundles',
    apply: 'serve',
    // The dev server adds its client and React Refresh module scripts to every page. In sandbox.html
    // they could not load anyway (opaque origin, CSP) and would only fill the console with errors.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.path.endsWith('/sandbox.html')) return html;
        return html.replace(/<script type="module"[^>]*>[\s\S]*?<\/script>\s*/g, '');
      },
    },
    configureServer(server: ViteDevServer) {
      server.watcher.on('change', (file) => {
        if (file.startsWith(sandboxDirectory)) cache.clear();
      });
      const prefix = `${server.config.base}${sandboxDevPathPrefix}`;
      server.middlewares.use((request, response, next) => {
        const name = request.url?.startsWith(prefix) ? request.url.slice(prefix.length).split('?')[0] : undefined;
        const entry = name === undefined ? undefined : entries[name];
        if (!name || !entry) return next();
        if (!cache.has(name)) cache.set(name, bundle(server.config.root, entry));
        (cache.get(name) as Promise<string>).then(
          (code) => {
            response.setHeader('content-type', 'text/javascript');
            response.setHeader('cache-control', 'no-store');
            response.end(code);
          },
          (error: unknown) => {
            cache.delete(name);
            next(error);
          },
        );
      });
    },
  };
}

/** One classic script (IIFE, no import/export), as the production bundles are. */
async function bundle(root: string, entry: string): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'toolscopeSandboxBundle', fileName: () => 'bundle.js' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`Bundling ${entry} produced no script`);
}
