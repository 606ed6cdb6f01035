import { describe, expect, it } from 'vitest';
import { sampleTools, toolTemplate } from './index.ts';
import { typeCheckSample } from './type-check-sample.test-support.ts';

// The samples are teaching material opened in the code editor: each must type-check there as shipped,
// against the `Input` its schema defines and the `ToolContext` the sandbox provides.

describe('sample sources type-check as the code editor checks them', () => {
  it.each([...sampleTools, toolTemplate].map((sample) => [sample.name, sample] as const))(
    '%s',
    (_name, sample) => {
      expect(typeCheckSample(sample)).toEqual([]);
    },
    60_000,
  );

  it('catches a type error, so the check above means something', () => {
    const broken = {
      ...toolTemplate,
      codeSource:
        'export default async function execute(input: Input, ctx: ToolContext) {\n  return input.text.toFixed(2) + ctx.nope;\n}\n',
    };
    const problems = typeCheckSample(broken).map((problem) => problem.message);
    expect(problems).toEqual([
      expect.stringContaining("Property 'toFixed' does not exist on type 'string'"),
      expect.stringContaining("Property 'nope' does not exist on type 'ToolContext'"),
    ]);
  });
});
