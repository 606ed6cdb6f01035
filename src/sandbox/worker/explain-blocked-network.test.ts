import { createContext, Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { transpileUserSource } from '../transpile.ts';
import { buildModuleScript, positionFromStack, userModuleFunctionName, userModuleUrl } from '../worker-source.ts';
import { directFetchMessage } from '../direct-fetch.ts';
import { explainBlockedNetwork } from './explain-blocked-network.ts';
import { toThrownError } from './thrown-error.ts';

// Issue 27, point 10: a tool that called the global fetch failed with "TypeError: Failed to fetch (at
// line 4, column 124)" on a line of 114 characters, and nothing said the sandbox blocks direct network.
const code = [
  "// Looks up a city's weather straight from the provider, without ctx.fetch.",
  'export default async function execute(input: { city: string }, ctx) {',
  "  const url = 'https://api.weather.example/v1/current?city=' + encodeURIComponent(input.city);",
  "  const response = await fetch(url, { headers: { accept: 'application/json' } }); // straight to the provider",
  '  return response.json();',
  '}',
  '',
].join('\n');

/** Runs the tool's module as a worker does (its script, named as the worker names it) in a fresh global. */
async function callTool(source: string): Promise<{ error: unknown; module: ReturnType<typeof transpiled> }> {
  const module = transpiled(source);
  // The browser's own fetch, refused by the sandbox's CSP: a TypeError that says only "Failed to fetch".
  const scope = createContext({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
  explainBlockedNetwork(scope as typeof globalThis);
  new Script(buildModuleScript(module.code), { filename: userModuleUrl }).runInContext(scope);
  const exports: Record<string, unknown> = {};
  (scope[userModuleFunctionName] as (require: unknown, module: unknown, exports: unknown) => void)(() => ({}), { exports }, exports);
  const execute = exports.default as (input: unknown, ctx: unknown) => Promise<unknown>;
  return { error: await execute({ city: 'Oslo' }, {}).catch((error: unknown) => error), module };
}

function transpiled(source: string) {
  const result = transpileUserSource(source);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

describe('the global fetch in the sandbox', () => {
  it('fails saying the sandbox blocks direct network, and points to ctx.fetch and the allowlist', async () => {
    const { error } = await callTool(code);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(directFetchMessage);
    expect(((error as Error).cause as Error).message).toBe('Failed to fetch');
    expect(directFetchMessage).toMatch(/blocks direct network access[\s\S]*ctx\.fetch\(url, init\)[\s\S]*Network allowlist/);
  });

  it('puts the marker on the call: the line and column where fetch is called', async () => {
    const { error, module } = await callTool(code);
    const line = code.split('\n')[3]!;
    expect(positionFromStack(toThrownError(error).stack, module)).toEqual({ line: 4, column: line.indexOf('fetch(') + 1 });
  });
});
