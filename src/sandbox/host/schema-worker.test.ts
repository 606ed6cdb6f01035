import { describe, expect, it } from 'vitest';
import { InvalidArgumentsError, ToolUnavailableError } from '../../core/index.ts';
import { transpileForWorker } from './module-loader.ts';
import { SchemaWorker } from './schema-worker.ts';
import { inProcessHost, stuckInModule, tick, type FakeWorker, type InProcessHostOptions } from './in-process-host.test-support.ts';
import { SandboxedToolError } from './worker-errors.ts';

const cityOnly = "import { z } from 'zod';\nexport default z.object({ city: z.string() });\n";

function transpiled(source: string) {
  const result = transpileForWorker(source);
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result.module;
}

/** A SchemaWorker over the real harness, started (prewarmed) as idle time would start it. */
async function schemaWorker(source: string, options: InProcessHostOptions = {}) {
  const fake = inProcessHost(options);
  const worker = new SchemaWorker(fake.host, source, transpiled(source), { type: 'object' });
  await worker.prewarm();
  return { ...fake, worker };
}

/** Plays a worker that loads its module and then answers nothing the test does not post itself. */
function loadsOnly(worker: FakeWorker): void {
  worker.port.addEventListener('message', (event: MessageEvent<{ type: string; requestId: number }>) => {
    if (event.data.type === 'load-module') worker.port.postMessage({ type: 'module-loaded', requestId: event.data.requestId });
  });
  worker.port.start();
}

/**
 * A SchemaWorker whose first worker the test answers by hand, with a short validation limit; a
 * replacement worker never finishes loading (so it fails after the 40 ms load limit).
 */
async function manualWorker(timeoutMs = 1_000) {
  const fake = inProcessHost({
    moduleLoadTimeoutMs: 40,
    manual: (worker) => {
      if (worker.workerId === 'w1') loadsOnly(worker);
      else stuckInModule(worker);
      return true;
    },
  });
  const worker = new SchemaWorker(fake.host, cityOnly, transpiled(cityOnly), { type: 'object' }, timeoutMs);
  await worker.prewarm();
  return { ...fake, worker };
}

describe('SchemaWorker', () => {
  it('validates in its worker: data on success, issues with paths on failure', async () => {
    const { worker, busy } = await schemaWorker(cityOnly);
    const valid = worker.validate({ city: 'Oslo' });
    expect(busy()).toBe(1);
    expect(await valid).toEqual({ success: true, data: { city: 'Oslo' } });
    expect(await worker.validate({ city: 3 })).toEqual({
      success: false,
      issues: [{ path: 'city', message: 'Invalid input: expected string, received number' }],
    });
    expect(worker.jsonSchema.type).toBe('object');
    expect(worker.source).toBe(cityOnly);
    worker.dispose();
  });

  it('rebuilds the error a refinement threw, as the core class it is', async () => {
    const { worker, workers } = await schemaWorker(
      "import { z } from 'zod';\nimport { InvalidArgumentsError } from 'toolscope';\n" +
        "export default z.object({ city: z.string() }).refine((value) => { if (value.city === 'x') throw new InvalidArgumentsError('no x', [{ path: 'city', message: 'x is out' }]); return true; });\n",
    );
    const failure = await worker.validate({ city: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidArgumentsError);
    expect((failure as InvalidArgumentsError).issues).toEqual([{ path: 'city', message: 'x is out' }]);
    // A schema that threw is not stuck: its worker validates the next call.
    expect(await worker.validate({ city: 'y' })).toEqual({ success: true, data: { city: 'y' } });
    expect(workers).toHaveLength(1);
    worker.dispose();
  });

  it('kills a worker whose validation outlives its limit, and starts a new one for the next call', async () => {
    const { worker, workers, sessions } = await manualWorker(30);
    await expect(worker.validate({ city: 'Oslo' })).rejects.toThrow('Validating the arguments took longer than 30 ms');
    expect(workers[0]?.terminated).toBe(true);
    // The next validation loads a new worker (here it never finishes loading, so the load itself times out).
    await expect(worker.validate({ city: 'Oslo' })).rejects.toThrow(
      new ToolUnavailableError(
        'The schema worker could not be restarted: The module did not finish loading within 40 ms: is there an endless loop at its top level?',
      ),
    );
    expect(sessions).toHaveLength(2);
    worker.dispose();
  });

  it('kills the worker when the caller aborts, and passes the reason on', async () => {
    const { worker, workers } = await manualWorker();
    const controller = new AbortController();
    const pending = worker.validate({ city: 'Oslo' }, controller.signal);
    await tick();
    const reason = new DOMException('stop', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('turns a crash of the sandbox into unavailable, and comes back with a new worker', async () => {
    const { worker, sessions } = await schemaWorker(cityOnly);
    sessions[0]?.fail({ kind: 'crashed', message: 'The sandbox stopped responding' });
    // The dead session is replaced on the next call.
    expect(await worker.validate({ city: 'Oslo' })).toEqual({ success: true, data: { city: 'Oslo' } });
    expect(sessions).toHaveLength(2);
    const pending = worker.validate({ city: 'Oslo' });
    sessions[1]?.fail({ kind: 'crashed', message: 'The sandbox stopped responding' });
    await expect(pending).rejects.toThrow(ToolUnavailableError);
    worker.dispose();
  });

  it('maps a worker error during validation to an error with its message', async () => {
    const { worker, sessions } = await manualWorker();
    const pending = worker.validate({ city: 'Oslo' });
    await tick();
    sessions[0]?.fail({ kind: 'worker-error', message: 'Uncaught RangeError: too deep', line: 0, column: 0 });
    const failure = await pending.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SandboxedToolError);
    expect((failure as Error).message).toBe('RangeError: too deep');
  });

  it('answers only the request it asked, even when replies cross', async () => {
    const { worker, workers } = await manualWorker();
    const first = worker.validate({ city: 'a' });
    const second = worker.validate({ city: 'b' });
    await tick();
    const port = workers[0]!.port;
    // Another kind of message that happens to carry the same request id answers nothing.
    port.postMessage({ type: 'timer', requestId: 2, milliseconds: 5 });
    port.postMessage({ type: 'validated', requestId: 2, result: { success: true, data: 'second' } });
    port.postMessage({ type: 'validate-failed', requestId: 1, error: { name: 'TypeError', message: 'first failed' } });
    expect(await second).toEqual({ success: true, data: 'second' });
    await expect(first).rejects.toThrow('TypeError: first failed');
  });

  it('refuses to validate once disposed, also when disposed while a new worker was loading', async () => {
    const { worker, workers } = await schemaWorker(cityOnly);
    worker.dispose();
    await expect(worker.validate({})).rejects.toThrow(new ToolUnavailableError('This tool was removed'));
    expect(workers[0]?.terminated).toBe(true);
    // No worker is started only to be stopped again.
    expect(workers).toHaveLength(1);

    const second = await schemaWorker(cityOnly);
    second.sessions[0]?.terminate();
    const pending = second.worker.validate({ city: 'Oslo' });
    second.worker.dispose();
    await expect(pending).rejects.toThrow('This tool was removed');
    await tick();
    expect(second.workers.map((fake) => fake.terminated)).toEqual([true, true]);
  });

  it('says why a replacement worker could not start', async () => {
    const { host, sessions, worker } = await schemaWorker(cityOnly);
    sessions[0]?.terminate();
    Object.assign(host, { startWorker: () => Promise.reject(new Error('The sandbox was shut down')) });
    await expect(worker.validate({})).rejects.toThrow(
      new ToolUnavailableError('The schema worker could not be restarted: The sandbox was shut down'),
    );
  });
});

describe('SchemaWorker start-up', () => {
  it('starts its worker on the first validation when nothing prewarmed it, and only one for calls side by side', async () => {
    const fake = inProcessHost();
    const worker = new SchemaWorker(fake.host, cityOnly, transpiled(cityOnly), { type: 'object' });
    expect(fake.workers).toHaveLength(0);
    const results = await Promise.all([worker.validate({ city: 'a' }), worker.validate({ city: 'b' })]);
    expect(results).toEqual([
      { success: true, data: { city: 'a' } },
      { success: true, data: { city: 'b' } },
    ]);
    expect(fake.workers.map((fakeWorker) => fakeWorker.role)).toEqual(['schema']);
    await worker.prewarm();
    expect(fake.workers).toHaveLength(1);
    worker.dispose();
    await worker.prewarm();
    expect(fake.workers).toHaveLength(1);
  });

  it('stops a worker that finished loading after the tool was removed', async () => {
    const fake = inProcessHost();
    const worker = new SchemaWorker(fake.host, cityOnly, transpiled(cityOnly), { type: 'object' });
    const warming = worker.prewarm();
    worker.dispose();
    await warming;
    expect(fake.workers.map((fakeWorker) => fakeWorker.terminated)).toEqual([true]);
  });
});
