import type { ZodType } from 'zod';
import { userModuleFunctionName } from '../worker-source.ts';
import { toolscopeModule } from './toolscope-module.ts';
import { loadedZod, loadZod } from './zod-loader.ts';

// Runs the user's transpiled module (a CommonJS function placed before the harness in the worker
// script) and picks out what its role needs: a zod schema, or the execute function.

type ModuleFunction = (require: (specifier: string) => unknown, module: { exports: unknown }, exports: unknown) => void;

export type Role = 'schema' | 'code';

export type LoadedModule =
  | { ok: true; role: 'schema'; schema: ZodType }
  | { ok: true; role: 'code'; execute: (input: unknown, context: unknown) => unknown }
  | { ok: false; error: unknown };

let zodModule: unknown;

/** What `require('zod')` returns: the namespace plus a default, so every import style works. Loaded on first use. */
function requireZod(): unknown {
  if (zodModule) return zodModule;
  const zod = loadZod();
  zodModule = Object.freeze({ ...zod, default: zod.z, __esModule: true });
  return zodModule;
}

function requireModule(specifier: string): unknown {
  if (specifier === 'zod' || specifier === 'zod/v4') return requireZod();
  if (specifier === 'toolscope') return toolscopeModule;
  throw new Error(`Cannot import "${specifier}": in the sandbox only "zod" and "toolscope" can be imported`);
}

/** Thrown for a module that runs but exports the wrong thing; the host puts it at `export default`. */
export class ExportShapeError extends Error {
  override readonly name = 'ExportShapeError';
}

export function loadUserModule(role: Role): LoadedModule {
  const moduleFunction = (globalThis as unknown as Record<string, unknown>)[userModuleFunctionName];
  if (typeof moduleFunction !== 'function') return { ok: false, error: new Error('The worker script has no user module') };
  const module: { exports: Record<string, unknown> } = { exports: {} };
  try {
    (moduleFunction as ModuleFunction)(requireModule, module, module.exports);
  } catch (error) {
    return { ok: false, error };
  }
  const exported = module.exports;
  if (role === 'schema') {
    // Without zod loaded in this worker, no value here can be a zod schema.
    const zod = loadedZod();
    const schema = zod && pick(exported, 'schema', (value) => value instanceof zod.z.ZodType);
    if (schema) return { ok: true, role, schema: schema as ZodType };
    return {
      ok: false,
      error: new ExportShapeError(
        `The schema source must export a zod schema: \`export default z.object({ ... })\`. It exports ${describeExport(exported)}.`,
      ),
    };
  }
  const execute = pick(exported, 'execute', (value) => typeof value === 'function');
  if (execute) return { ok: true, role, execute: execute as (input: unknown, context: unknown) => unknown };
  return {
    ok: false,
    error: new ExportShapeError(
      `The code must export its execute function: \`export default async function execute(input, ctx) { ... }\`. It exports ${describeExport(exported)}.`,
    ),
  };
}

/** `export default x`, else a named export, else `module.exports = x`. */
function pick(exported: unknown, name: string, accepts: (value: unknown) => boolean): unknown {
  const record = exported as Record<string, unknown>;
  for (const candidate of [record.default, record[name], exported]) {
    if (accepts(candidate)) return candidate;
  }
  return undefined;
}

function describeExport(exported: Record<string, unknown>): string {
  const value = 'default' in exported ? exported.default : undefined;
  if (!('default' in exported)) {
    const names = Object.keys(exported).filter((key) => key !== '__esModule');
    return names.length === 0 ? 'nothing' : `only ${names.map((name) => `"${name}"`).join(', ')} and no default`;
  }
  if (value === null) return 'null as its default';
  if (value instanceof Promise) return 'a promise as its default (top-level await is not supported)';
  if (typeof value === 'object') return `an object that is not a zod schema as its default`;
  return `a ${typeof value} as its default`;
}
