import { describe, expect, it } from 'vitest';
import type { HostToWorkerMessage, WorkerToHostMessage } from '../protocol/worker-messages.ts';
import { loadColdWorker, loadModuleInto, transpileForWorker } from './module-loader.ts';
import { inProcessHost, type FakeWorker, type InProcessHostOptions } from './in-process-host.test-support.ts';

// loadModuleInto against workers the test plays: answers out of turn, a cold worker
// that parses what the warm one could not, a worker that never describes its schema.

const codeSource = 'export default async function execute(input) {\n  return input;\n}\n';
const module = (source: string) => {
  const transpiled = transpileForWorker(source);
  if (!transpiled.ok) throw new Error('does not transpile');
  return transpiled.module;
};

type Reply = (message: HostToWorkerMessage) => WorkerToHostMessage[];

/**
 * Warm workers answer each message with `warm`; a cold worker (started to locate a syntax error) runs
 * its script at once, so it says `cold` as it starts.
 */
function played(warm: Reply, cold: WorkerToHostMessage[] = [], options: InProcessHostOptions = {}) {
  return inProcessHost({
    moduleLoadTimeoutMs: 50,
    ...options,
    manual: (worker: FakeWorker) => {
      worker.port.addEventListener('message', (event: MessageEvent<HostToWorkerMessage>) => {
        for (const message of warm(event.data)) worker.port.postMessage(message);
      });
      worker.port.start();
      if (worker.cold) for (const message of cold) worker.port.postMessage(message);
      return true;
    },
  });
}

const importScriptsFailed = {
  name: 'SyntaxError',
  message: "Failed to execute 'importScripts' on 'WorkerGlobalScope': Unexpected token '}'",
};
const unlocated = { line: 1, column: 1, message: "SyntaxError: Unexpected token '}'" };
const unparsable: Reply = (message) =>
  message.type === 'load-module'
    ? [{ type: 'module-load-failed', requestId: message.requestId, error: importScriptsFailed, unparsable: true }]
    : [];

async function load(host: ReturnType<typeof played>['host'], source = codeSource) {
  const session = await host.startWorker('code');
  return { session, loaded: await loadModuleInto(host, session, { requestId: 7, role: 'code', source, module: module(source) }) };
}

describe('loadModuleInto', () => {
  it('listens only to answers for its own request', async () => {
    const failedForSeven = { name: 'Error', message: 'seven failed' };
    const { host } = played((message) =>
      message.type === 'load-module'
        ? [
            { type: 'module-running', requestId: 6 },
            { type: 'module-loaded', requestId: 6 },
            { type: 'module-load-failed', requestId: message.requestId, error: failedForSeven, unparsable: false },
          ]
        : [],
    );
    const { session, loaded } = await load(host);
    expect(loaded).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, message: 'seven failed' }],
      kind: 'source',
      sessionLost: false,
    });
    session.terminate();

    const { host: second } = played((message) =>
      message.type === 'load-module'
        ? [
            { type: 'module-load-failed', requestId: 6, error: failedForSeven, unparsable: false },
            { type: 'module-running', requestId: message.requestId },
            { type: 'module-load-failed', requestId: 6, error: failedForSeven, unparsable: false },
            { type: 'module-loaded', requestId: message.requestId },
          ]
        : [],
    );
    expect((await load(second)).loaded).toEqual({ ok: true });

    // A timer of the module's top level may carry the same number: it is no answer either.
    const { host: third } = played((message) =>
      message.type === 'load-module'
        ? [
            { type: 'module-running', requestId: message.requestId },
            { type: 'timer', requestId: message.requestId, milliseconds: 5 },
            { type: 'module-loaded', requestId: message.requestId },
          ]
        : [],
    );
    expect((await load(third)).loaded).toEqual({ ok: true });
  });

  it('counts a worker that says another module runs as still getting its dependencies ready', async () => {
    const { host } = played(
      (message) => (message.type === 'load-module' ? [{ type: 'module-running', requestId: message.requestId + 1 }] : []),
      [],
      { dependencyLoadTimeoutMs: 40, moduleLoadTimeoutMs: 40 },
    );
    expect((await load(host)).loaded).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, message: "The sandbox was too busy to get this module's dependencies ready within 40 ms; try again" }],
      kind: 'sandbox',
      sessionLost: true,
    });
  });

  it('asks for zod only for a schema or code that imports it', async () => {
    const asked: boolean[] = [];
    const { host } = played((message) => {
      if (message.type !== 'load-module') return [];
      asked.push(message.needsZod);
      return [{ type: 'module-loaded', requestId: message.requestId }];
    });
    const zodCode = "import { z } from 'zod';\nexport default async function execute() {\n  return z.string().parse('a');\n}\n";
    const bareSchema = 'export default { type: "object" };\n';
    for (const [role, source] of [
      ['code', codeSource],
      ['code', zodCode],
      ['schema', bareSchema],
    ] as const) {
      const session = await host.startWorker(role);
      expect((await loadModuleInto(host, session, { requestId: 1, role, source, module: module(source) })).ok).toBe(true);
      session.terminate();
    }
    expect(asked).toEqual([false, true, true]);
  });

  it('says the worker is lost, and the sandbox unavailable, when it crashes while loading', async () => {
    const { host, sessions } = played(() => []);
    const session = await host.startWorker('code');
    const loading = loadModuleInto(host, session, { requestId: 1, role: 'code', source: codeSource, module: module(codeSource) });
    sessions[0]?.fail({ kind: 'crashed', message: 'The sandbox stopped responding' });
    expect(await loading).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, message: 'The sandbox stopped responding' }],
      kind: 'sandbox',
      sessionLost: true,
    });
  });

  it('without a cold worker, names an unparsable module without the importScripts preamble, at its start', async () => {
    const { host, workers } = played(unparsable);
    host.startColdWorker = async () => {
      throw new Error('no cold worker');
    };
    const { loaded } = await load(host);
    expect(loaded).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, message: "SyntaxError: Unexpected token '}'" }],
      kind: 'source',
      sessionLost: false,
    });
    expect(workers).toHaveLength(1);
  });

  it('keeps the unlocated error as soon as the cold worker parses the module, reports it failed, or garbles; and stops it', async () => {
    const answers: WorkerToHostMessage[][] = [
      [{ type: 'loaded' }],
      [{ type: 'load-failed', error: { name: 'Error', message: 'zod is missing' } }],
      [{ type: 'pong' } as unknown as WorkerToHostMessage],
    ];
    for (const answer of answers) {
      // A minute's limit: only an answer that is understood ends the wait within the test's time.
      const { host, workers } = played(unparsable, answer, { moduleLoadTimeoutMs: 60_000 });
      const { loaded } = await load(host);
      expect([answer, loaded]).toEqual([answer, { ok: false, errors: [unlocated], kind: 'source', sessionLost: false }]);
      expect(workers.map((worker) => [worker.cold, worker.terminated])).toEqual([
        [false, false],
        [true, true],
      ]);
    }
  });

  it('keeps the unlocated error when the cold worker never answers', async () => {
    const { host, workers } = played(unparsable, []);
    expect((await load(host)).loaded).toEqual({ ok: false, errors: [unlocated], kind: 'source', sessionLost: false });
    expect(workers[1]?.terminated).toBe(true);
  });

  it('strips only a leading importScripts preamble', async () => {
    const quoted = { name: 'SyntaxError', message: "Unexpected 'Failed to execute 'importScripts' on 'WorkerGlobalScope': '" };
    const { host } = played(
      (message) =>
        message.type === 'load-module'
          ? [{ type: 'module-load-failed', requestId: message.requestId, error: quoted, unparsable: true }]
          : [],
      [{ type: 'loaded' }],
    );
    expect((await load(host)).loaded).toMatchObject({ errors: [{ message: `SyntaxError: ${quoted.message}` }] });
  });
});

describe('loadColdWorker (a spare started from the module script itself)', () => {
  it('runs the module in the real harness: the worker is cold, loaded, and answers execute', async () => {
    const { host, workers } = inProcessHost();
    const loaded = await loadColdWorker(host, codeSource, module(codeSource));
    expect(loaded.ok).toBe(true);
    expect(workers.map((worker) => worker.cold)).toEqual([true]);
    if (!loaded.ok) return;
    const answer = loaded.session.waitFor((message) => (message.type === 'executed' ? message.value : undefined), { timeoutMs: 1_000 });
    loaded.session.send({ type: 'execute', input: { echo: 1 }, context: { toolCallId: 'c', attempt: 1, env: {}, idempotencyKey: 'k' } });
    expect(await answer).toEqual({ echo: 1 });
    loaded.session.terminate();
  });

  it('puts an error thrown by the top level at its line, and stops the worker', async () => {
    const source = 'const x = 1;\nthrow new Error("no config");\nexport default async function execute() {}\n';
    const { host, workers } = inProcessHost();
    const loaded = await loadColdWorker(host, source, module(source));
    expect(loaded).toMatchObject({ ok: false, kind: 'source', errors: [{ line: 2, message: expect.stringContaining('no config') }] });
    expect(workers[0]?.terminated).toBe(true);
  });

  it('gives a top level that never ends the module timeout, counted from module-running, not from the start', async () => {
    const { host, workers } = played(() => [], [{ type: 'module-running', requestId: 0 }]);
    const started = performance.now();
    const loaded = await loadColdWorker(host, codeSource, module(codeSource));
    expect(loaded).toMatchObject({ ok: false, kind: 'source', errors: [{ message: expect.stringMatching(/50 ms/) }] });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('says the sandbox was too busy when the worker never starts its module', async () => {
    const { host } = played(() => [], [], { dependencyLoadTimeoutMs: 30 });
    const loaded = await loadColdWorker(host, codeSource, module(codeSource));
    expect(loaded).toMatchObject({ ok: false, kind: 'sandbox', errors: [{ message: expect.stringContaining('too busy') }] });
  });
});
