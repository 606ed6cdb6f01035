import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { SampleTool } from '../../samples/index.ts';

// The sample tools compiled when the app is built, so that a workspace whose samples are unchanged has
// nothing to compile at start (issue 30). Each sample goes through the sandbox's own compile
// (createSandboxedTool: sucrase, the worker harness loading the module and describing its zod schema
// as JSON Schema), with the harness run in this Node process instead of a worker (the samples are the
// app's own code, not a user's). A sample that does not compile fails the build. The app imports the
// verdicts and the build id as `virtual:toolscope-compiled-samples` (types in compiled-samples.d.ts);
// the compile cache (compile-cache.ts) keeps a user's verdicts under the same build id.

const virtualId = 'virtual:toolscope-compiled-samples';
const resolvedId = `\0${virtualId}`;
const sourceRoot = fileURLToPath(new URL('../..', import.meta.url));

/** What decides how sources compile: the sandbox, the core's types it uses, the compile queue, and zod and sucrase. */
export function compileBuildId(): string {
  const hash = createHash('sha256');
  for (const folder of ['sandbox', 'core', 'session/compile'])
    for (const file of sourceFiles(join(sourceRoot, folder))) hash.update(file).update(readFileSync(file));
  for (const dependency of ['zod', 'sucrase']) hash.update(dependency).update(packageVersion(dependency));
  return hash.digest('hex').slice(0, 16);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-'))
    .sort()
    .map((file) => join(folder, file));
}

function packageVersion(name: string): string {
  const path = fileURLToPath(new URL(`../../../node_modules/${name}/package.json`, import.meta.url));
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

export interface CompiledSamples {
  build: string;
  precompiled: { language: string; hash: string; verdict: { ok: true; parameters: object } }[];
  /** Samples that did not compile, in words: the build stops on them. */
  failures: string[];
}

/** Compiles every sample tool (and the new-tool template) with the sandbox's compile, in this process. */
export async function compileSamples(only?: readonly SampleTool[]): Promise<CompiledSamples> {
  const [{ sampleTools, toolTemplate }, { inProcessHost }, { createSandboxedTool }, { sourcesKey }, { sourcesHash, typescriptLanguage }] =
    await Promise.all([
      import('../../samples/index.ts'),
      import('../../sandbox/host/in-process-host.test-support.ts'),
      import('../../sandbox/host/sandboxed-tool.ts'),
      import('./compile-status.ts'),
      import('./compile-cache.ts'),
    ]);
  const { host } = inProcessHost({ moduleLoadTimeoutMs: 10_000, dependencyLoadTimeoutMs: 10_000 });
  const precompiled: CompiledSamples['precompiled'] = [];
  const failures: string[] = [];
  for (const sample of only ?? [...sampleTools, toolTemplate]) {
    const created = await createSandboxedTool(host, sample);
    if (!created.ok) {
      const errors = [
        ...created.errors.schema.map((error) => ['Schema', error] as const),
        ...created.errors.code.map((error) => ['Code', error] as const),
      ];
      failures.push(
        `${sample.name}: ${errors.map(([file, error]) => `${file} ${error.line}:${error.column} ${error.message}`).join('; ')}`,
      );
      continue;
    }
    const parameters = created.tool.parameters;
    created.tool.dispose();
    const hash = sourcesHash(sourcesKey(sample.schemaSource, sample.codeSource));
    if (!precompiled.some((entry) => entry.hash === hash))
      precompiled.push({ language: typescriptLanguage, hash, verdict: { ok: true, parameters } });
  }
  return { build: compileBuildId(), precompiled, failures };
}

export function compiledSamples(): Plugin {
  return {
    name: 'toolscope:compiled-samples',
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const { build, precompiled, failures } = await compileSamples();
      if (failures.length > 0) this.error(`Sample tools that do not compile (src/samples/tools):\n${failures.join('\n')}`);
      return `export const build = ${JSON.stringify(build)};\nexport const precompiled = ${JSON.stringify(precompiled)};\n`;
    },
  };
}
