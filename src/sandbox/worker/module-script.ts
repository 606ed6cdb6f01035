import { userModuleFunctionName } from '../worker-source.ts';
import { loadUserModule, type LoadedModule } from './user-module.ts';

// Loads a user module into a warm worker: the host sends the module as a classic script that only
// defines a function (worker-source.ts), which runs here through a Blob URL and importScripts (the
// sandbox CSP allows blob: scripts, not eval). Defining the function runs none of the user's code;
// calling it (loadUserModule) runs the module's top level.

const scope = globalThis as unknown as Record<string, unknown> & { importScripts(...urls: string[]): void };

export type LoadedScript =
  | { ok: true; module: Extract<LoadedModule, { ok: true }> }
  /** `unparsable`: the script did not parse; importScripts says why but not where. */
  | { ok: false; error: unknown; unparsable: boolean };

export function loadModuleScript(source: string, role: 'schema' | 'code'): LoadedScript {
  // Cleared (a global function cannot be deleted) so a script that fails to parse is told from one that ran.
  scope[userModuleFunctionName] = undefined;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  try {
    scope.importScripts(url);
  } catch (error) {
    return { ok: false, error, unparsable: typeof scope[userModuleFunctionName] !== 'function' };
  } finally {
    URL.revokeObjectURL(url);
  }
  const loaded = loadUserModule(role);
  return loaded.ok ? { ok: true, module: loaded } : { ok: false, error: loaded.error, unparsable: false };
}
