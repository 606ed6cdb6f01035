import { describe, expect, it } from 'vitest';
import { parametersFor } from '../../core/index.ts';
import { sampleTools, toolTemplate } from '../../samples/index.ts';
import { loadSchema } from '../../samples/evaluate-sample.test-support.ts';
import { lintTool, type LintableTool } from './tool-lints.ts';

const parametersOf = (tool: Pick<LintableTool, 'schemaSource'>) => parametersFor('tool', loadSchema(tool));

describe('lintTool', () => {
  it('finds nothing to say about the samples', () => {
    for (const sample of sampleTools) expect(lintTool(sample, parametersOf(sample)), sample.name).toEqual([]);
  });

  it('warns about a placeholder or empty description', () => {
    expect(lintTool(toolTemplate, parametersOf(toolTemplate)).map((lint) => lint.rule)).toEqual(['placeholder-description']);
    expect(lintTool({ ...toolTemplate, description: ' ' }, null)[0]?.message).toMatch(/^The description is empty/);
    expect(lintTool({ ...toolTemplate, description: `  ${toolTemplate.description}\n` }, null)[0]?.rule).toBe('placeholder-description');
    expect(lintTool({ ...toolTemplate, description: 'TODO: write this' }, null)[0]?.rule).toBe('placeholder-description');
  });

  it('points at each parameter without a description in the Schema source, nested ones too', () => {
    const tool = {
      ...toolTemplate,
      description: 'Ships a parcel.',
      schemaSource: `import { z } from 'zod';\n\nexport default z.object({\n  city: z.string(),\n  // size: in cm\n  parcel: z.object({\n    'size-cm': z.number().describe('Size in cm'),\n    weight: z.number(),\n  }).describe('The parcel'),\n  tags: z.array(z.object({ label: z.string() })).describe('Tags'),\n});\n`,
    };
    expect(lintTool(tool, parametersOf(tool)).map((lint) => [lint.message.split(' has')[0], lint.place, lint.line, lint.column])).toEqual([
      ['Parameter "city"', 'schema', 4, 3],
      ['Parameter "parcel.weight"', 'schema', 8, 5],
      ['Parameter "tags[].label"', 'schema', 10, 28],
    ]);
  });

  it('warns when a tool that is not idempotent is given retries the executor will never make', () => {
    const email = sampleTools.find((sample) => sample.name === 'send_email');
    if (!email) throw new Error('send_email');
    expect(lintTool({ ...email, retry: { maxAttempts: 3 } }, null)).toEqual([
      expect.objectContaining({
        rule: 'retry-without-idempotency',
        place: 'settings',
        message: expect.stringContaining('its 3 attempts have no effect'),
      }),
    ]);
    expect(lintTool({ ...email, idempotent: true, retry: { maxAttempts: 3 } }, null)).toEqual([]);
  });
});

describe('the lint bomb (issue 28: 20,000 reported properties and a padded source froze every load for ~27 s)', () => {
  it('locates 20,000 undescribed parameters in one pass, names the first hundred and counts the rest', () => {
    const keys = Array.from({ length: 20_000 }, (_, index) => `field_${index}`);
    const padding = `// ${'x'.repeat(200)}\n`.repeat(2_000);
    const schemaSource = `${padding}export default z.object({\n${keys.map((key) => `  ${key}: z.string(),`).join('\n')}\n});\n`;
    const parameters = { type: 'object' as const, properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])) };
    // One pass: the per-property rescan it replaces ran far past the test's timeout here.
    const lints = lintTool({ name: 'bomb', description: 'Looks things up.', idempotent: true, schemaSource }, parameters);
    const named = lints.filter((lint) => lint.rule === 'parameter-without-description');
    expect(named).toHaveLength(101);
    expect(named[0]).toMatchObject({ line: 2002, column: 3 });
    expect(named[99]).toMatchObject({ line: 2101, column: 3 });
    expect(named[100]?.message).toBe('…and 19900 more parameters without a description.');
  });
});
