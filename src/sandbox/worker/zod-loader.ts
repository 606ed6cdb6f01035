import type * as Zod from 'zod';

// zod on demand inside a worker: the iframe gives each worker a Blob URL of the zod bundle in its
// connect message, and the first `require('zod')` (or the harness itself, for a schema) loads it
// with importScripts, which is synchronous, so `require` can stay synchronous too.

export type ZodModule = typeof Zod;

let zodUrl = '';
let loaded: ZodModule | undefined;

export function setZodUrl(url: string): void {
  zodUrl = url;
}

/** zod if something in this worker loaded it already; otherwise no zod value can exist here. */
export function loadedZod(): ZodModule | undefined {
  return loaded;
}

export function loadZod(): ZodModule {
  if (loaded) return loaded;
  if (!zodUrl) throw new Error('zod is not available in this worker');
  const scope = globalThis as unknown as { importScripts(...urls: string[]): void; toolscopeZod?: ZodModule };
  scope.importScripts(zodUrl);
  loaded = scope.toolscopeZod;
  if (!loaded) throw new Error('The zod bundle did not load');
  return loaded;
}

/** A zod that fails to load here fails again, with its message, where the module requires it. */
export function preloadZod(): void {
  try {
    loadZod();
  } catch {
    // Reported by the module's own require('zod').
  }
}

/** For tests outside a worker (no importScripts): zod as the harness should see it. */
export function provideZod(module: ZodModule): void {
  loaded = module;
}
