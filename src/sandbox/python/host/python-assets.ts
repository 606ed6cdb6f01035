import loaderUrl from 'pyodide/pyodide.js?url';
import asmUrl from 'pyodide/pyodide.asm.mjs?url';
import wasmUrl from 'pyodide/pyodide.asm.wasm?url';
import stdlibUrl from 'pyodide/python_stdlib.zip?url';
import lockFileUrl from 'pyodide/pyodide-lock.json?url';
import harnessUrl from '../worker/python-harness-entry.ts?worker&url';

// Pyodide's files, copied into the build by Vite (hashed under assets/) and fetched by the host page
// from the app's own origin, never a CDN; the sandbox iframe cannot fetch anything (opaque origin, a CSP
// without network), so the host hands them over (frame/python-pool.ts). This module is loaded only when
// a Python tool exists: a TypeScript-only workspace never fetches a byte of Python.

export interface PythonAssetBytes {
  harnessSource: string;
  /** Pyodide's loader (pyodide.js: a classic script defining loadPyodide). */
  loaderSource: string;
  /** The Emscripten module, made a classic script (classicEmscriptenModule). */
  asmSource: string;
  /**
   * The 9.6 MB wasm and the 2.5 MB standard library as Blobs: the page neither copies them into its
   * heap nor clones them into the iframe's message (a Blob is posted by reference), which held the
   * page's thread ~100 ms while the first Python tool booted (a frame gap over the 50 ms target).
   */
  wasm: Blob;
  stdlib: Blob;
  lockFile: string;
}

/** Under `vite dev` the harness comes bundled from the sandbox's dev plugin, as the other bundles do. */
const devHarnessUrl = `${import.meta.env.BASE_URL}@toolscope-sandbox/python-harness.js`;

let loading: Promise<PythonAssetBytes> | undefined;

export function loadPythonAssets(): Promise<PythonAssetBytes> {
  loading ??= Promise.all([
    text(import.meta.env.DEV ? devHarnessUrl : harnessUrl),
    text(loaderUrl),
    text(asmUrl),
    blob(wasmUrl),
    blob(stdlibUrl),
    text(lockFileUrl),
  ]).then(([harnessSource, loaderSource, asm, wasm, stdlib, lockFile]) => ({
    harnessSource,
    loaderSource,
    asmSource: classicEmscriptenModule(asm),
    wasm,
    stdlib,
    lockFile,
  }));
  // A failed load (the preview server went away) is tried again next time.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * pyodide.asm.mjs as a classic script: a module worker does not start inside the opaque-origin iframe
 * (Chromium 156), and importScripts runs classic scripts only. Its one export becomes a global function
 * and `import.meta.url` (read only to locate files, which the loader's locateFile overrides) the
 * worker's own URL. A Pyodide whose module no longer looks like this fails here, by name.
 */
export function classicEmscriptenModule(source: string): string {
  const exportLine = /export\s+default\s+_createPyodideModule\s*;?\s*$/;
  if (!exportLine.test(source) || !source.startsWith('async function _createPyodideModule('))
    throw new Error(
      'pyodide.asm.mjs is not shaped as expected (async function _createPyodideModule … export default): update classicEmscriptenModule',
    );
  return source.replace(exportLine, '').replace(/import\.meta\.url/g, 'self.location.href');
}

async function fetched(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not load Python (${url}): HTTP ${response.status}`);
  return response;
}

const text = async (url: string) => (await fetched(url)).text();
const blob = async (url: string) => (await fetched(url)).blob();
