import { describe, expect, it } from 'vitest';
import { checkCode, compileSchema, compileSchemaModule, type Compiling } from './compile.ts';
import { loadModuleInto, loadWorker, transpileForWorker } from './module-loader.ts';
import { inProcessHost, stuckInModule, tick, type FakeWorker } from './in-process-host.test-support.ts';

const schemaSource = "import { z } from 'zod';\nexport default z.object({ city: z.string() });\n";
const codeSource = 'export default async function execute(input) {\n  return input;\n}\n';

describe('compileSchema', () => {
  it('returns the JSON Schema of a valid schema from a compile worker, stopped afterwards', async () => {
    const { host, workers, busy } = inProcessHost();
    // Read inside the busy section, not on a later timer (which raced the compile on a loaded machine).
    const seen: number[] = [];
    const whileBusy = host.whileBusy.bind(host);
    host.whileBusy = (work) => whileBusy(() => (seen.push(busy()), work()));
    const pending = compileSchema(host, schemaSource);
    const compiled = await pending;
    expect(compiled).toEqual({
      ok: true,
      jsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    expect(seen).toEqual([1]);
    expect(workers.map((worker) => [worker.role, worker.terminated])).toEqual([['compile', true]]);
    expect(busy()).toBe(0);
  });

  it('gives compileSchemaModule the transpiled module along with the JSON Schema', async () => {
    const { host } = inProcessHost();
    const compiled = await compileSchemaModule(host, schemaSource);
    expect(compiled.ok).toBe(true);
    if (compiled.ok) {
      expect(compiled.module.lineCount).toBe(3);
      expect(compiled.jsonSchema.required).toEqual(['city']);
    }
  });

  it('checks sources asked for in the same turn in one compile worker, each with its own verdict', async () => {
    const { host, workers } = inProcessHost();
    const results = await Promise.all([
      compileSchema(host, schemaSource),
      checkCode(host, codeSource),
      compileSchema(host, "import { z } from 'zod';\nexport default z.string();\n"),
      checkCode(host, 'export const answer = 42;\n'),
      compileSchema(host, "import { z } from 'zod';\nexport default z.object({ n: z.number() });\n"),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true, false, false, true]);
    expect(workers.map((worker) => [worker.role, worker.terminated])).toEqual([['compile', true]]);
  });

  it('locates a syntax error that only the worker finds (a duplicate declaration) with a cold worker', async () => {
    const { host, workers } = inProcessHost();
    const compiled = await checkCode(host, 'const a = 1;\nconst a = 2;\nexport default () => a;\n');
    expect(compiled.ok).toBe(false);
    if (!compiled.ok)
      expect(compiled.errors[0]).toMatchObject({ line: 2, message: expect.stringContaining("'a' has already been declared") });
    expect(workers.map((worker) => [worker.role, worker.cold, worker.terminated])).toEqual([
      ['compile', false, true],
      ['code', true, true],
    ]);
  });

  it('reports a syntax error with its position without starting a worker', async () => {
    const { host, workers } = inProcessHost();
    const compiled = await compileSchema(host, "import { z } from 'zod';\nexport default z.object({ city: z. });\n");
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.errors[0]).toMatchObject({ line: 2 });
    expect(workers).toHaveLength(0);
  });

  it('reports a schema that is not an object at its export, and stops the worker', async () => {
    const { host, workers } = inProcessHost();
    const compiled = await compileSchema(host, "import { z } from 'zod';\n\nexport default z.string();\n");
    expect(compiled).toEqual({
      ok: false,
      errors: [
        {
          line: 3,
          column: 1,
          message:
            'The schema must describe an object, `z.object({ ... })` (a model always sends an arguments object); it describes "string".',
        },
      ],
      kind: 'source',
    });
    expect(workers[0]?.terminated).toBe(true);
  });

  it('says when a schema has no JSON Schema form (a transform cannot be described)', async () => {
    const { host, workers } = inProcessHost();
    const compiled = await compileSchema(host, "import { z } from 'zod';\nexport default z.object({ at: z.date() });\n");
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) {
      expect(compiled.errors[0]).toMatchObject({ line: 2, column: 1 });
      expect(compiled.errors[0]?.message).toMatch(/^The schema cannot be shown to a model as JSON Schema: /);
    }
    expect(workers[0]?.terminated).toBe(true);
  });

  it('reports a module that throws at load, and stops the worker', async () => {
    const { host, workers } = inProcessHost();
    const compiled = await compileSchema(host, "import { z } from 'zod';\nthrow new TypeError('no schema today');\n");
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.errors[0]?.message).toBe('TypeError: no schema today');
    expect(workers[0]?.terminated).toBe(true);
  });

  it('reports an export that is not a schema at the export default line', async () => {
    const { host } = inProcessHost();
    const compiled = await compileSchema(host, '// comment\nexport default 42;\n');
    expect(compiled.ok).toBe(false);
    if (!compiled.ok)
      expect(compiled.errors[0]).toMatchObject({ line: 2, column: 1, message: expect.stringContaining('a number as its default') });
  });
});

describe('checkCode', () => {
  it('accepts code that exports a function and stops the compile worker', async () => {
    const { host, workers } = inProcessHost();
    const checked = await checkCode(host, codeSource);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.module.lineCount).toBeGreaterThan(1);
    expect(workers.map((worker) => [worker.role, worker.terminated])).toEqual([['compile', true]]);
  });

  it('refuses code without an execute function, and code that does not transpile', async () => {
    const { host, workers } = inProcessHost();
    const wrongExport = await checkCode(host, 'export const answer = 42;\n');
    expect(wrongExport.ok).toBe(false);
    if (!wrongExport.ok) expect(wrongExport.errors[0]?.message).toContain('must export its execute function');
    const broken = await checkCode(host, 'export default async function execute( {\n');
    expect(broken.ok).toBe(false);
    // A source that does not transpile never reaches a worker.
    expect(workers).toHaveLength(1);
  });
});

describe('compileSchemaModule without a described schema', () => {
  it('refuses a schema check that came back with no JSON Schema instead of passing undefined on', async () => {
    const host: Compiling = { compiler: { check: async (_role, _source, module) => ({ ok: true, module, jsonSchema: undefined }) } };
    expect(await compileSchemaModule(host, schemaSource)).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, message: 'The schema was not described' }],
      kind: 'source',
    });
  });
});

describe('loadWorker', () => {
  const module = (source = codeSource) => {
    const transpiled = transpileForWorker(source);
    if (!transpiled.ok) throw new Error('does not transpile');
    return transpiled.module;
  };

  it('says the sandbox is unavailable when no worker can start', async () => {
    const { host } = inProcessHost({ startError: new Error('The sandbox was shut down') });
    expect(await loadWorker(host, 'code', codeSource, module())).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, message: 'The sandbox was shut down' }],
      kind: 'sandbox',
    });
    const { host: stringHost } = inProcessHost({ startError: 'gone' as unknown as Error });
    const loaded = await loadWorker(stringHost, 'code', codeSource, module());
    expect(!loaded.ok && loaded.errors[0]?.message).toBe('gone');
  });

  it('gives up on a module that never finishes loading, and stops its worker', async () => {
    const { host, workers } = inProcessHost({ moduleLoadTimeoutMs: 30, manual: stuckInModule });
    const loaded = await loadWorker(host, 'code', codeSource, module());
    expect(loaded).toEqual({
      ok: false,
      errors: [
        { line: 1, column: 1, message: 'The module did not finish loading within 30 ms: is there an endless loop at its top level?' },
      ],
      kind: 'source',
    });
    expect(workers[0]?.terminated).toBe(true);
  });

  it('the harness gets zod ready, says the module runs, then that it loaded', async () => {
    const { host } = inProcessHost();
    const session = await host.startWorker('code');
    const said: string[] = [];
    session.onMessage((message) => void said.push(message.type));
    const zodCode = "import { z } from 'zod';\nexport default async function execute() { return z.string().parse('ok'); }\n";
    const loaded = await loadModuleInto(host, session, { requestId: 1, role: 'code', source: zodCode, module: module(zodCode) });
    expect(loaded.ok).toBe(true);
    expect(said).toEqual(['module-running', 'module-loaded']);
    session.terminate();
  });

  it('times the module from when it starts running: a worker slow to get zod ready is the sandbox, not an endless loop', async () => {
    // Started running after 60 ms (zod took long to load) and loaded 20 ms later: within the 40 ms a module may take.
    const slowZod = (worker: FakeWorker) => {
      worker.port.addEventListener('message', (event: MessageEvent<{ type: string; requestId: number; needsZod: boolean }>) => {
        if (event.data.type !== 'load-module') return;
        const { requestId, needsZod } = event.data;
        setTimeout(() => worker.port.postMessage({ type: 'module-running', requestId }), 60);
        setTimeout(() => worker.port.postMessage({ type: 'module-loaded', requestId }), 80);
        expect(needsZod).toBe(true);
      });
      worker.port.start();
      return true;
    };
    const { host } = inProcessHost({ moduleLoadTimeoutMs: 40, manual: slowZod });
    const zodCode = "import { z } from 'zod';\nexport default async function execute() { return z.string().parse('ok'); }\n";
    const loaded = await loadWorker(host, 'code', zodCode, module(zodCode));
    expect(loaded.ok).toBe(true);
    if (loaded.ok) loaded.session.terminate();

    // A worker that never gets as far as running the module: unavailable (try again), not the user's fault.
    const { host: starved, workers } = inProcessHost({ dependencyLoadTimeoutMs: 30, manual: () => true });
    expect(await loadWorker(starved, 'code', codeSource, module())).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, message: "The sandbox was too busy to get this module's dependencies ready within 30 ms; try again" }],
      kind: 'sandbox',
    });
    expect(workers[0]?.terminated).toBe(true);
  });

  it('marks a crash of the sandbox while loading as unavailable, and a protocol error as not', async () => {
    const { host, sessions } = inProcessHost({ manual: () => true });
    const crashing = loadWorker(host, 'code', codeSource, module());
    await tick();
    sessions[0]?.fail({ kind: 'crashed', message: 'The sandbox stopped responding' });
    expect(await crashing).toEqual({
      ok: false,
      kind: 'sandbox',
      errors: [{ line: 1, column: 1, message: 'The sandbox stopped responding' }],
    });

    const garbled = inProcessHost({ manual: (worker) => (worker.port.postMessage({ type: 'nonsense' }), true) });
    const loaded = await loadWorker(garbled.host, 'code', codeSource, module());
    expect(loaded).toMatchObject({ ok: false, kind: 'source', errors: [{ message: expect.stringContaining('invalid message') }] });
  });

  it('rethrows the abort reason when the caller aborts while the module loads', async () => {
    const { host, workers } = inProcessHost({ manual: () => true });
    const controller = new AbortController();
    const reason = new DOMException('stopped', 'AbortError');
    const loading = loadWorker(host, 'code', codeSource, module(), controller.signal);
    await tick();
    controller.abort(reason);
    await expect(loading).rejects.toBe(reason);
    expect(workers[0]?.terminated).toBe(true);
  });
});
