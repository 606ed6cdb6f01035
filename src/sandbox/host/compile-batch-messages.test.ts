import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCode, compileSchema, type CodeCheckResult, type SchemaCompileResult } from './compile.ts';
import { reportEveryMs } from './compile-batches.ts';
import { inProcessHost } from './in-process-host.test-support.ts';

// Issue 30: a compile batch is one message to its worker and a few back, whatever its size, and each
// module's verdict in a batch is the one it gets compiled alone: a module that throws, does not parse,
// exports the wrong thing or describes no object fails alone, at the same position.

type Role = 'schema' | 'code';

/** Sources of every kind a person writes or pastes: good ones, and each way a module can fail. */
const sources: Record<Role, string[]> = {
  schema: [
    "import { z } from 'zod';\nexport default z.object({ city: z.string() });\n",
    "import { z } from 'zod';\n\nexport default z.object({\n  limit: z.number().int().min(1).max(100),\n  tags: z.array(z.string()).optional(),\n});\n",
    "import { z } from 'zod';\nconst unit = z.enum(['metric', 'imperial']);\nexport default z.object({ unit });\n",
    "import { z } from 'zod';\nexport default z.string();\n",
    "import { z } from 'zod';\nconst shape = {};\nthrow new Error('no schema today');\nexport default z.object(shape);\n",
    "import { z } from 'zod';\nexport default z.object({ when: z.date().transform((date) => date.getTime()) });\n",
    "import { z } from 'zod';\nconst a = 1;\nconst a = 2;\nexport default z.object({});\n",
    'export const notASchema = 42;\n',
  ],
  code: [
    'export default async function execute(input) {\n  return input;\n}\n',
    "export default async function execute(input: { city: string }) {\n  return { forecast: 'sunny', city: input.city };\n}\n",
    'export const answer = 42;\n',
    "const ready = false;\nif (!ready) {\n  throw new TypeError('not ready');\n}\nexport default async function execute() {}\n",
    'let x = 1;\nlet x = 2;\nexport default async function execute() {\n  return x;\n}\n',
  ],
};

const moduleArbitrary = fc.oneof(
  fc.record({ role: fc.constant<Role>('schema'), index: fc.nat(sources.schema.length - 1) }),
  fc.record({ role: fc.constant<Role>('code'), index: fc.nat(sources.code.length - 1) }),
);

function compileOne(
  host: ReturnType<typeof inProcessHost>['host'],
  role: Role,
  source: string,
): Promise<SchemaCompileResult | CodeCheckResult> {
  return role === 'schema' ? compileSchema(host, source) : checkCode(host, source);
}

/** A verdict without the transpiled module (the same text either way), to compare batch and alone. */
const verdict = (result: SchemaCompileResult | CodeCheckResult) =>
  result.ok ? { ok: true, jsonSchema: 'jsonSchema' in result ? result.jsonSchema : undefined } : result;

describe('compile batches', () => {
  it('check a batch of tools with one message to the worker and a few back', async () => {
    const played = inProcessHost();
    const count = 60;
    const toHost: string[] = [];
    const toWorker: string[] = [];
    const started = played.host.startWorker.bind(played.host);
    played.host.startWorker = async (role) => {
      const session = await started(role);
      session.onMessage((message) => void toHost.push(message.type));
      const worker = played.workers.at(-1);
      worker?.port.addEventListener('message', (event: MessageEvent<{ type: string }>) => void toWorker.push(event.data.type));
      return session;
    };
    const startedAt = performance.now();
    const results = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        index % 2 === 0 ? compileSchema(played.host, sources.schema[0] as string) : checkCode(played.host, sources.code[0] as string),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(played.workers.map((worker) => worker.role)).toEqual(['compile']);
    expect(toWorker).toEqual(['check-modules']);
    // The dependencies-ready report, then the verdicts gathered: a report at most every reportEveryMs
    // (counted from the time the whole batch took, so a slow machine does not fail it), and the last.
    const elapsedMs = performance.now() - startedAt;
    expect(toHost.every((type) => type === 'modules-checked')).toBe(true);
    expect(toHost.length).toBeLessThanOrEqual(2 + Math.floor(elapsedMs / reportEveryMs));
  });

  // Each run compiles its modules twice (together, then each alone): given room for a loaded machine.
  it('gives each module in a batch the verdict it gets alone; a bad one fails only itself', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(moduleArbitrary, { minLength: 1, maxLength: 10 }), async (modules) => {
        const batched = inProcessHost();
        const inBatch = await Promise.all(modules.map(({ role, index }) => compileOne(batched.host, role, sources[role][index] as string)));
        const alone = [];
        for (const { role, index } of modules) alone.push(await compileOne(inProcessHost().host, role, sources[role][index] as string));
        expect(inBatch.map(verdict)).toEqual(alone.map(verdict));
      }),
      { numRuns: 20 },
    );
  });
});
