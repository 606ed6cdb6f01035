import { describe, expect, it } from 'vitest';
import { parametersFor, toolNamePattern } from '../core/index.ts';
import { transpileUserSource } from '../sandbox/index.ts';
import { sampleTools } from './index.ts';
import { loadExecute, loadSchema } from './evaluate-sample.test-support.ts';

// Issue 9: every sample is an editable copy in a new workspace, so each must load in the sandbox as it
// ships: both sources transpile, the schema is a zod object the model can be shown, and the example
// arguments of the Test call editor are valid.

describe.each(sampleTools.map((sample) => [sample.name, sample] as const))('sample tool %s', (_name, sample) => {
  it('has a provider-valid name and a description the model can choose by', () => {
    expect(sample.name).toMatch(toolNamePattern);
    expect(sample.description.length).toBeGreaterThan(40);
  });

  it('has a schema source and a code source that transpile', () => {
    expect(transpileUserSource(sample.schemaSource)).toMatchObject({ ok: true });
    expect(transpileUserSource(sample.codeSource)).toMatchObject({ ok: true });
  });

  it('exports a zod object schema that becomes JSON Schema with a description on every property', () => {
    const parameters = parametersFor(sample.name, loadSchema(sample));
    const properties = Object.entries((parameters.properties ?? {}) as Record<string, { description?: string }>);
    expect(properties.length).toBeGreaterThan(0);
    for (const [property, definition] of properties) expect(definition.description, property).toEqual(expect.any(String));
  });

  it('accepts its own example arguments', () => {
    expect(loadSchema(sample).safeParse(sample.exampleArguments)).toMatchObject({ success: true });
  });

  it('exports an execute function', () => {
    expect(loadExecute(sample)).toBeTypeOf('function');
  });
});

describe('the sample set', () => {
  it('has the ten tools of issue 9 and the shared-downstream tool of issue 13, each name once', () => {
    const names = sampleTools.map((sample) => sample.name);
    expect(names).toEqual([
      'get_weather',
      'search_web',
      'calculator',
      'slow_report',
      'stubborn_task',
      'flaky_api',
      'rate_limited_api',
      'inventory_api',
      'send_email',
      'cpu_hog',
      'lookup_user',
    ]);
  });

  it('marks only send_email, the tool with a side effect, as not idempotent', () => {
    expect(sampleTools.filter((sample) => !sample.idempotent).map((sample) => sample.name)).toEqual(['send_email']);
  });

  it('keeps the tools that time out on purpose quick to demonstrate and never retried', () => {
    for (const name of ['slow_report', 'stubborn_task', 'cpu_hog']) {
      const sample = sampleTools.find((candidate) => candidate.name === name);
      expect(sample?.timeoutMs, name).toBeLessThanOrEqual(3_000);
      expect(sample?.retry, name).toEqual({ maxAttempts: 1 });
    }
  });
});
