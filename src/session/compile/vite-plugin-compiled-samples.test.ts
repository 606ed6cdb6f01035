import { describe, expect, it } from 'vitest';
import { inProcessHost } from '../../sandbox/host/in-process-host.test-support.ts';
import { compileSchema } from '../../sandbox/host/compile.ts';
import { sourcesKey } from './compile-status.ts';
import { sourcesHash } from './compile-cache.ts';
import { sampleTools, toolTemplate } from '../../samples/index.ts';
import { compileBuildId, compileSamples, compiledSamples } from './vite-plugin-compiled-samples.ts';

describe('compiled samples (build time)', () => {
  it('gives every sample and the new-tool template the JSON Schema the sandbox compile gives', async () => {
    const { precompiled, failures } = await compileSamples();
    expect(failures).toEqual([]);
    expect(precompiled).toHaveLength(new Set([...sampleTools, toolTemplate].map((sample) => sample.schemaSource + sample.codeSource)).size);
    const { host } = inProcessHost();
    for (const sample of [sampleTools[0]!, toolTemplate]) {
      const entry = precompiled.find((candidate) => candidate.hash === sourcesHash(sourcesKey(sample.schemaSource, sample.codeSource)));
      const compiled = await compileSchema(host, sample.schemaSource);
      expect(compiled.ok && entry?.verdict.parameters).toEqual(compiled.ok ? compiled.jsonSchema : null);
    }
  });

  it('fails the build on a sample that does not compile, saying which and where', async () => {
    const broken = { ...toolTemplate, name: 'broken_sample', schemaSource: "import { z } from 'zod';\nexport default z.strin();\n" };
    const { failures } = await compileSamples([broken]);
    expect(failures).toEqual([expect.stringMatching(/^broken_sample: Schema 2:\d+ .*strin/)]);

    const plugin = compiledSamples();
    const errors: string[] = [];
    const context = { error: (message: string) => errors.push(message) };
    const resolved = (plugin.resolveId as (id: string) => string)('virtual:toolscope-compiled-samples');
    const module = (await (plugin.load as (this: typeof context, id: string) => Promise<string>).call(context, resolved)) as string;
    expect(errors).toEqual([]);
    expect(module).toContain(`export const build = "${compileBuildId()}"`);
  });

  it('names the build by what decides how sources compile: the same tree gives the same id', () => {
    expect(compileBuildId()).toMatch(/^[0-9a-f]{16}$/);
    expect(compileBuildId()).toBe(compileBuildId());
  });
});
