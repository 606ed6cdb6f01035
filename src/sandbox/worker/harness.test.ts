import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as zod from 'zod';
import type { WorkerToHostMessage } from '../protocol/worker-messages.ts';
import { transpileUserSource } from '../transpile.ts';
import { userModuleFunctionName } from '../worker-source.ts';
import { describeZodSchema } from './describe-schema.ts';
import { handleHostMessage, type HarnessState } from './harness-handlers.ts';
import { HostChannel } from './host-channel.ts';
import { toThrownError } from './thrown-error.ts';
import { loadUserModule, type Role } from './user-module.ts';
import { provideZod } from './zod-loader.ts';

// The harness outside a worker: the user module is installed the way the worker script does it (a
// global function), built here with new Function, which is fine in a test and never used by the app.

const globals = globalThis as unknown as Record<string, unknown>;

function install(source: string): void {
  const transpiled = transpileUserSource(source);
  if (!transpiled.ok) throw new Error(transpiled.errors[0]?.message);
  globals[userModuleFunctionName] = new Function('require', 'module', 'exports', transpiled.code);
}

/** A harness state whose channel records what it posts to the host. */
function harness(role: Role, source: string) {
  install(source);
  const loaded = loadUserModule(role);
  if (!loaded.ok) throw loaded.error;
  const sent: WorkerToHostMessage[] = [];
  const channel = new HostChannel({ postMessage: (message: WorkerToHostMessage) => sent.push(message) } as unknown as MessagePort);
  const state: HarnessState = { channel, role, module: loaded, callAbort: new AbortController(), callFailed: undefined };
  const next = async (type: WorkerToHostMessage['type']) => {
    for (let tick = 0; tick < 100; tick++) {
      const found = sent.find((message) => message.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    throw new Error(`no ${type} in ${JSON.stringify(sent)}`);
  };
  return { state, sent, next };
}

// In a worker the harness loads zod with importScripts; here it is handed over.
beforeAll(() => provideZod(zod));

afterEach(() => {
  delete globals[userModuleFunctionName];
});

describe('loadUserModule', () => {
  it('accepts every import style of zod and a default-exported schema', () => {
    for (const source of [
      "import { z } from 'zod';\nexport default z.object({ a: z.string() });",
      "import z from 'zod';\nexport default z.object({ a: z.string() });",
      "import * as zod from 'zod/v4';\nexport const schema = zod.z.object({ a: zod.z.string() });",
    ]) {
      install(source);
      expect(loadUserModule('schema').ok, source).toBe(true);
    }
  });

  it('says what is wrong with an export that is not a zod schema or a function', () => {
    install('export default { a: 1 };');
    const schema = loadUserModule('schema');
    expect(schema.ok).toBe(false);
    if (!schema.ok)
      expect(toThrownError(schema.error)).toMatchObject({
        name: 'ExportShapeError',
        message: expect.stringMatching(/must export a zod schema.*an object that is not a zod schema/),
      });
    install('export const helper = 1;');
    const code = loadUserModule('code');
    if (!code.ok) expect(toThrownError(code.error).message).toMatch(/only "helper" and no default/);
  });

  it('refuses imports other than zod and toolscope', () => {
    install("import _ from 'lodash';\nexport default () => _;");
    const loaded = loadUserModule('code');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok)
      expect(toThrownError(loaded.error).message).toBe('Cannot import "lodash": in the sandbox only "zod" and "toolscope" can be imported');
  });
});

describe('harness handlers', () => {
  it('validates with issue paths, one issue per unknown key', async () => {
    const { state, next } = harness('schema', "import { z } from 'zod';\nexport default z.strictObject({ tags: z.array(z.string()) });");
    handleHostMessage(state, { type: 'validate', requestId: 7, args: { tags: ['a', 2], extra: true } });
    expect(await next('validated')).toEqual({
      type: 'validated',
      requestId: 7,
      result: {
        success: false,
        issues: [
          { path: 'tags.1', message: expect.any(String) },
          { path: 'extra', message: 'Unrecognized key' },
        ],
      },
    });
  });

  it('describes the schema as JSON Schema of the input side, without $schema', () => {
    const { state } = harness('schema', "import { z } from 'zod';\nexport default z.object({ unit: z.enum(['c', 'f']).default('c') });");
    if (state.module?.role !== 'schema') throw new Error('no schema module');
    const described = describeZodSchema(state.module.schema);
    expect(described).toEqual({
      ok: true,
      jsonSchema: expect.objectContaining({ type: 'object', properties: { unit: { type: 'string', enum: ['c', 'f'], default: 'c' } } }),
    });
    expect(JSON.stringify(described)).not.toContain('$schema');
  });

  it('runs execute with ctx, sends logs and a bounded result', async () => {
    const { state, sent, next } = harness(
      'code',
      'export default async function execute(input, ctx) {\n  ctx.log("hello", { n: input.n });\n  const result = { n: input.n, big: 10n };\n  (result as any).self = result;\n  return result;\n}',
    );
    handleHostMessage(state, { type: 'execute', input: { n: 1 }, context: { toolCallId: 'c1', attempt: 1, env: {}, idempotencyKey: 'k' } });
    expect(await next('executed')).toMatchObject({
      value: { n: 1, big: '10n', self: '[Circular reference to $]' },
      notes: expect.arrayContaining(['circular reference at $.self']),
    });
    expect(sent[0]).toEqual({ type: 'log', level: 'log', values: ['hello', { n: 1 }] });
  });

  it('times ctx.sleep and setTimeout itself when the executor runs on the wall clock, and asks the host otherwise', async () => {
    const code =
      'export default async function execute(input, ctx) {\n  await ctx.sleep(5);\n  await new Promise((resolve) => setTimeout(resolve, 5));\n  return "slept";\n}';
    const context = { toolCallId: 'c1', attempt: 1, env: {}, idempotencyKey: 'k' };
    const local = harness('code', code);
    handleHostMessage(local.state, { type: 'execute', input: {}, context: { ...context, localTimers: true } });
    expect(await local.next('executed')).toMatchObject({ value: 'slept' });
    expect(local.sent.map((message) => message.type)).toEqual(['executed']);

    const hosted = harness('code', code);
    handleHostMessage(hosted.state, { type: 'execute', input: {}, context });
    expect(await hosted.next('sleep')).toMatchObject({ milliseconds: 5 });
    expect(hosted.sent.some((message) => message.type === 'executed')).toBe(false);
  });

  it('rejects a local sleep with the abort the host sent, as a hosted sleep does', async () => {
    const { state, next } = harness(
      'code',
      'export default async function execute(input, ctx) {\n  try { await ctx.sleep(60000); } catch (error) { return error.name + ": " + error.message; }\n}',
    );
    handleHostMessage(state, {
      type: 'execute',
      input: {},
      context: { toolCallId: 'c1', attempt: 1, env: {}, idempotencyKey: 'k', localTimers: true },
    });
    handleHostMessage(state, { type: 'abort', message: 'timed out after 50 ms' });
    expect(await next('executed')).toMatchObject({ value: 'AbortError: timed out after 50 ms' });
  });

  it("keeps the fields the core's retry logic reads from what user code throws", async () => {
    const { state, next } = harness(
      'code',
      "import { TransientError } from 'toolscope';\nexport default async () => { throw new TransientError('busy', { retryAfterMs: 250 }); };",
    );
    handleHostMessage(state, { type: 'execute', input: {}, context: { toolCallId: 'c1', attempt: 1, env: {}, idempotencyKey: 'k' } });
    expect(await next('execute-failed')).toMatchObject({
      error: { name: 'TransientError', message: 'busy', retryable: true, retryAfterMs: 250 },
    });
  });

  it('answers garbage from the host with a protocol error instead of throwing', () => {
    const { state, sent } = harness('code', 'export default () => 1;');
    handleHostMessage(state, { type: 'execute' });
    expect(sent[0]?.type).toBe('worker-protocol-error');
  });
});

describe('toThrownError', () => {
  it('copes with strings, proxies and throwing getters', () => {
    expect(toThrownError('plain')).toEqual({ name: 'Error', message: 'plain' });
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(toThrownError(hostile)).toMatchObject({ name: 'Error' });
    expect(toThrownError(Object.assign(new Error('rate limited'), { status: 429 }))).toMatchObject({
      message: 'rate limited',
      status: 429,
    });
  });
});
