// Source text shared by the AI SDK and MCP exports: the `ctx` Toolscope passed to execute, rebuilt from
// what the target offers, and the per-attempt deadline Toolscope gives every call. Written out in full
// so the exported file needs nothing from Toolscope.
import type { ImportBinding } from '../source/module-parts.ts';

/**
 * The ctx a tool's code was written against, as an exported file declares it: the editor's
 * (src/ui/elements/monaco/tool-context.d.ts) without its comments. ui/elements/monaco/tool-context.test.ts
 * checks that this text, the editor's, the core's ToolContext and the sandbox's agree.
 */
export const fetchResponseDeclaration = `/** A fetch response as Toolscope's ctx.fetch returned it. */
interface ToolFetchResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}`;

/** `ctx.fetch`, as every export that rebuilds it declares it (here and in define-tool-export.ts). */
export const fetchMemberDeclaration =
  'fetch(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<ToolFetchResponse>;';

export const toolContextInterface = `/** What Toolscope passed to execute as \`ctx\`, rebuilt from what this runtime offers (see the notes at the top). */
interface ToolContext {
  readonly toolCallId: string;
  readonly attempt: number;
  readonly signal: AbortSignal;
  readonly userId: string | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly idempotencyKey: string;
  sleep(ms: number): Promise<void>;
  log(...values: unknown[]): void;
  ${fetchMemberDeclaration}
}`;

export const toolContextDeclarations = `${fetchResponseDeclaration}

${toolContextInterface}

function toolContext(call: { toolCallId: string; signal: AbortSignal; userId?: string; log(line: string): void }): ToolContext {
  const { signal } = call;
  return {
    toolCallId: call.toolCallId,
    attempt: 1,
    signal,
    userId: call.userId,
    env: process.env as Record<string, string>,
    idempotencyKey: call.toolCallId,
    sleep: (ms) =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal.reason);
        };
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    log: (...values) => call.log(values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(' ')),
    fetch: async (url, init) => {
      const response = await fetch(url, { ...init, signal });
      return {
        ok: response.ok,
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        text: () => response.text(),
        json: () => response.json(),
      };
    },
  };
}

/**
 * Toolscope gives every attempt a deadline in two parts: the caller gets an answer at the deadline even
 * if the work ignores it, and the signal tells the work to stop.
 */
function withDeadline<Output>(timeoutMs: number, outer: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<Output>): Promise<Output> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
  return new Promise<Output>((resolve, reject) => {
    const onAbort = () => reject(deadline.aborted ? new Error(\`Timed out after \${timeoutMs} ms\`) : signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    run(signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}`;

const errorClasses: Record<string, (local: string) => string> = {
  TransientError: (local) => `class ${local} extends Error {
  override readonly name = 'TransientError';
  readonly retryable = true;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
}`,
  PermanentError: (local) => `class ${local} extends Error {
  override readonly name = 'PermanentError';
  readonly retryable = false;
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}`,
  InvalidArgumentsError: (local) => `class ${local} extends Error {
  override readonly name = 'InvalidArgumentsError';
  readonly issues: { path: string; message: string }[];
  constructor(message: string, issues: { path: string; message: string }[] = [{ path: '', message }]) {
    super(message);
    this.issues = issues;
  }
}`,
};

/** Toolscope's error classes, for code that imported them from 'toolscope': here they only label the failure. */
export function errorClassDeclarations(bindings: readonly ImportBinding[]): string {
  const seen = new Set<string>();
  return bindings
    .filter((binding) => errorClasses[binding.imported] && !seen.has(binding.local) && seen.add(binding.local))
    .map((binding) => (errorClasses[binding.imported] as (local: string) => string)(binding.local))
    .join('\n\n');
}
