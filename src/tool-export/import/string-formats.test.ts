import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildersByFormat, patternOnlyBuilders, stringBase } from './string-formats.ts';

/** Runs a builder's source (`z.iso.date()`) with the installed zod. */
const build = (source: string) => new Function('z', `return ${source}`)(z) as z.ZodType;

describe('string formats', () => {
  it('knows the exact format and pattern the installed zod writes for each builder', () => {
    for (const [format, builders] of Object.entries(buildersByFormat))
      for (const builder of builders) {
        const written = z.toJSONSchema(build(builder.source)) as { format?: string; pattern?: string };
        expect([builder.source, written.format, written.pattern]).toEqual([builder.source, format, builder.pattern]);
      }
    for (const builder of patternOnlyBuilders) {
      const written = z.toJSONSchema(build(builder.source)) as { format?: string; pattern?: string };
      expect([builder.source, written.format, written.pattern]).toEqual([builder.source, undefined, builder.pattern]);
    }
  });

  it('picks the builder whose own pattern the schema carries', () => {
    const plain = z.toJSONSchema(z.iso.datetime()) as { pattern: string };
    expect(stringBase('date-time', plain.pattern)).toEqual({ source: 'z.iso.datetime()', formatHandled: true, patternHandled: true });
    // Without zod's pattern, the format as RFC 3339 defines it (leap seconds, a lowercase t).
    expect(stringBase('date-time', undefined)).toEqual({
      source: "z.string().refine(isDateTime, 'Invalid date-time (RFC 3339)').meta({ format: 'date-time' })",
      helper: 'isDateTime',
      formatHandled: true,
      patternHandled: false,
    });
    expect(stringBase('color', undefined).formatHandled).toBe(false);
    expect(stringBase(undefined, (z.toJSONSchema(z.iso.time()) as { pattern: string }).pattern).source).toBe('z.iso.time()');
  });
});
