import type { loadPyodide as LoadPyodide, PyodideAPI } from 'pyodide';
import toolscopeErrorsSource from '../runtime/_toolscope_errors.py?raw';
import toolscopeSchemaSource from '../runtime/_toolscope_schema.py?raw';
import toolscopeSource from '../runtime/toolscope.py?raw';

// Starts CPython (Pyodide) inside a sandbox worker that has no network: everything Pyodide would fetch
// arrives from the iframe instead. The iframe compiled pyodide.asm.wasm once and hands every worker the
// compiled WebAssembly.Module (instantiating one is fast, compiling 9 MB is not), Blob URLs of Pyodide's
// loader (pyodide.js) and of the Emscripten module (pyodide.asm.mjs made a classic script: a module
// worker does not start in the opaque-origin iframe, measured in Chromium 156), and the standard
// library's zip. The files come from the app's own origin, fetched by the host page (host/python-assets.ts).
// Pyodide's loader reads the zip through fetch(); for that one moment fetch serves the bytes it was given.

export interface PythonAssets {
  type: 'python-assets';
  /** Blob URLs made by the iframe: Pyodide's loader, and the Emscripten module as a classic script. */
  loaderUrl: string;
  asmUrl: string;
  wasm: WebAssembly.Module;
  stdlib: ArrayBuffer;
  /** Pyodide's lock file (packages beyond the standard library are never loaded, but the loader reads it). */
  lockFile: string;
}

/** Where the loader believes its files are: a name only, nothing is ever requested there. */
const virtualIndexUrl = 'https://pyodide.invalid/';

export function isPythonAssets(data: unknown): data is PythonAssets {
  const value = data as Partial<PythonAssets> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    value.type === 'python-assets' &&
    typeof value.asmUrl === 'string' &&
    typeof value.loaderUrl === 'string' &&
    value.wasm instanceof WebAssembly.Module &&
    value.stdlib instanceof ArrayBuffer &&
    typeof value.lockFile === 'string'
  );
}

type CreateModule = (settings: Record<string, unknown>) => Promise<unknown>;

interface PyodideScripts {
  importScripts(...urls: string[]): void;
  loadPyodide?: typeof LoadPyodide;
  _createPyodideModule?: CreateModule;
}

export async function bootPython(assets: PythonAssets): Promise<PyodideAPI> {
  const scope = globalThis as { fetch: typeof fetch };
  const realFetch = scope.fetch;
  const served = new Map<string, () => Response>([
    [`${virtualIndexUrl}python_stdlib.zip`, () => new Response(assets.stdlib)],
    // Asked for by the loader's default instantiateWasm, which is replaced below: an empty answer does.
    [`${virtualIndexUrl}pyodide.asm.wasm`, () => new Response(new ArrayBuffer(0), { headers: { 'content-type': 'application/wasm' } })],
  ]);
  scope.fetch = (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = served.get(url);
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError(`The sandbox has no network (${url})`));
  };
  try {
    const scripts = globalThis as unknown as PyodideScripts;
    scripts.importScripts(assets.loaderUrl, assets.asmUrl);
    const { loadPyodide, _createPyodideModule: createEmscriptenModule } = scripts;
    if (!loadPyodide || !createEmscriptenModule) throw new Error("Pyodide's scripts did not define loadPyodide and _createPyodideModule");
    const pyodide = await loadPyodide({
      indexURL: virtualIndexUrl,
      lockFileContents: assets.lockFile,
      packageBaseUrl: virtualIndexUrl,
      stdout: () => undefined,
      stderr: () => undefined,
      createPyodideModule: ((settings: Record<string, unknown>) => {
        settings.instantiateWasm = instantiateFrom(assets.wasm);
        return createEmscriptenModule(settings);
      }) as never,
    });
    pyodide.FS.writeFile('/home/pyodide/toolscope.py', toolscopeSource);
    pyodide.FS.writeFile('/home/pyodide/_toolscope_schema.py', toolscopeSchemaSource);
    pyodide.FS.writeFile('/home/pyodide/_toolscope_errors.py', toolscopeErrorsSource);
    pyodide.runPython('import sys\nsys.path.insert(0, "/home/pyodide")\nimport toolscope');
    return pyodide;
  } finally {
    scope.fetch = realFetch;
  }
}

/**
 * Emscripten's hook for instantiating the wasm: from the module the iframe compiled. The two imports
 * are Pyodide's own fallback for engines where its tiny helper module cannot compile (a unique marker
 * value for "a JavaScript error is pending"), which is what its loader itself does in that case.
 */
function instantiateFrom(wasm: WebAssembly.Module) {
  return (imports: { env: Record<string, unknown> }, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => {
    const marker = Symbol('error marker');
    imports.env.Jsv_GetError_import = () => marker;
    imports.env.JsvError_Check = (value: unknown) => value === marker;
    void WebAssembly.instantiate(wasm, imports as WebAssembly.Imports).then((instance) => done(instance, wasm));
    return {};
  };
}
