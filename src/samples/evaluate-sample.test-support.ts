// Test-only: runs a sample tool's TypeScript sources in Node, the way the sandbox's worker does (sucrase
// to CommonJS, `require('zod')` answered with zod), so tests can check the samples' real behaviour
// without a browser. Not a sandbox: the code runs in the test's own realm.
import * as zodNamespace from 'zod';
import {
  InvalidArgumentsError,
  PermanentError,
  TransientError,
  parametersFor,
  validateWith,
  type Tool,
  type ToolContext as CoreToolContext,
} from '../core/index.ts';
import { isSimulatedDownstream, SimulatedDownstreams, transpileUserSource } from '../sandbox/index.ts';
import type { SampleTool } from './sample-types.ts';

/** What the sandbox's worker hands to `require('zod')`: the namespace plus a default. */
const zodModule = Object.freeze({ ...zodNamespace, default: zodNamespace.z, __esModule: true });

export type Execute = (input: unknown, ctx: SampleContext) => Promise<unknown>;

/** The ctx a sample receives in the sandbox: the core's context plus fetch through the host. */
export interface SampleContext extends CoreToolContext {
  fetch(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<FakeResponse>;
}

export interface FakeResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** Transpiles and runs a user module; returns its default export. */
export function evaluateUserModule(source: string): unknown {
  const transpiled = transpileUserSource(source);
  if (!transpiled.ok)
    throw new Error(`Does not transpile: ${transpiled.errors.map((error) => `${error.line}:${error.column} ${error.message}`).join('; ')}`);
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const require = (specifier: string): unknown => {
    if (specifier === 'zod' || specifier === 'zod/v4') return zodModule;
    // In the sandbox these are the worker's copies, mirrored into the core's classes on the host.
    if (specifier === 'toolscope') return { TransientError, PermanentError, InvalidArgumentsError };
    throw new Error(`The sandbox offers only "zod" and "toolscope" here, not "${specifier}"`);
  };
  new Function('require', 'module', 'exports', transpiled.code)(require, module, module.exports);
  return module.exports.default;
}

export function loadSchema(sample: Pick<SampleTool, 'schemaSource'>): zodNamespace.ZodType {
  const schema = evaluateUserModule(sample.schemaSource);
  if (!(schema instanceof zodNamespace.z.ZodType)) throw new Error('The schema source does not export a zod schema');
  return schema;
}

export function loadExecute(sample: Pick<SampleTool, 'codeSource'>): Execute {
  const execute = evaluateUserModule(sample.codeSource);
  if (typeof execute !== 'function') throw new Error('The code source does not export a function');
  return execute as Execute;
}

export interface FakeContext extends SampleContext {
  /** Log lines, each joined with spaces as the call's log shows them. */
  readonly logs: string[];
  /** Every ctx.sleep, in ms. They resolve at once unless the signal has aborted. */
  readonly sleeps: number[];
  readonly fetched: string[];
}

export function fakeContext(
  options: { attempt?: number; signal?: AbortSignal; toolCallId?: string; respond?: (url: string) => FakeResponse } = {},
): FakeContext {
  const logs: string[] = [];
  const sleeps: number[] = [];
  const fetched: string[] = [];
  const signal = options.signal ?? new AbortController().signal;
  const toolCallId = options.toolCallId ?? 'call_test';
  return {
    toolCallId,
    attempt: options.attempt ?? 1,
    signal,
    userId: undefined,
    env: {},
    idempotencyKey: `sample:${toolCallId}`,
    logs,
    sleeps,
    fetched,
    async sleep(milliseconds) {
      sleeps.push(milliseconds);
      signal.throwIfAborted();
    },
    log: (...values) => logs.push(values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(' ')),
    async fetch(url) {
      fetched.push(url);
      if (!options.respond) throw new TypeError(`fetch refused: ${url} is not on the allowlist`);
      return options.respond(url);
    },
  };
}

export function jsonResponse(body: unknown, status = 200): FakeResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
    json: async () => body,
  };
}

/**
 * A sample as a core Tool that runs in-process: validated by its own schema, executed by its own code,
 * with the sample's timeout, idempotency and retry settings. Network access is refused; the simulated
 * downstream (https://downstream.invalid) answers as the sandbox host's does, from `downstreams`, on
 * the executor's clock (ctx.sleep): pass one instance to every tool of a run, as the page has one.
 */
export function sampleAsTool(sample: SampleTool, downstreams: SimulatedDownstreams = new SimulatedDownstreams()): Tool {
  const schema = loadSchema(sample);
  const execute = loadExecute(sample);
  return {
    name: sample.name,
    description: sample.description,
    parameters: parametersFor(sample.name, schema),
    validate: (args) => validateWith(schema, args),
    execute: (input, ctx) =>
      execute(input, {
        ...ctx,
        // A getter on the executor's context, which a spread does not copy.
        signal: ctx.signal,
        fetch: async (url, init = {}) => {
          if (!isSimulatedDownstream(url)) throw new TypeError(`fetch refused in tests: ${url}`);
          const answer = await downstreams.handle(
            { url, method: init.method ?? 'GET', headers: Object.entries(init.headers ?? {}) },
            (ms) => ctx.sleep(ms),
            ctx.signal,
          );
          if (!answer.ok) throw new TypeError(answer.message);
          const { status, statusText, headers, body } = answer.response;
          return new Response(body, { status, statusText, headers }) as FakeResponse;
        },
      }),
    timeoutMs: sample.timeoutMs,
    idempotent: sample.idempotent,
    retry: sample.retry,
  };
}
