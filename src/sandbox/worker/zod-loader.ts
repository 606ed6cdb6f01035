import type * as Zod from 'zod';

// zod on demand inside a worker: the iframe hands each worker the zod bundle as a Blob in its connect
// message, and the first `require('zod')` (or the harness itself, for a schema) loads it with
// importScripts, which is synchronous, so `require` can stay synchronous too. The Blob URL is made
// here, by this worker, and revoked once loaded: a worker that needs no zod makes none (each costs a
// synchronous round trip to the browser process), and no worker can revoke another's.

export type ZodModule = typeof Zod;

let bundle: Blob | null = null;
let loaded: ZodModule | undefined;

export function setZodBundle(zod: Blob | null): void {
  bundle = zod;
}

/** zod if something in this worker loaded it already; otherwise no zod value can exist here. */
export function loadedZod(): ZodModule | undefined {
  return loaded;
}

export function loadZod(): ZodModule {
  if (loaded) return loaded;
  if (!bundle) throw new Error('zod is not available in this worker');
  const scope = globalThis as unknown as { importScripts(...urls: string[]): void; toolscopeZod?: ZodModule };
  const url = URL.createObjectURL(bundle);
  try {
    scope.importScripts(url);
  } finally {
    URL.revokeObjectURL(url);
  }
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
