// Issue 28: an MCP server listing 3,000 tools of 50 properties blocked the page 12 s at connect (Ajv
// compiled every validator on the main thread), and Ajv ran a server's `pattern` natively (`^(a+)+$` on
// 28 characters: 15 s). The validator now generates no code (the page's CSP has no 'unsafe-eval'), is
// made at a tool's first call, and runs patterns on RE2.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileInputSchema } from './input-validation.ts';
import { toolDefinitionOf } from './tool-listing.ts';

afterEach(() => vi.restoreAllMocks());

const wideSchema = (index: number) => ({
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 50 }, (_, property) => [`field_${index}_${property}`, { type: 'string', minLength: 1 }]),
  ),
});

describe('MCP input schemas from a hostile server', () => {
  it('listing 300 tools of 50 properties checks each schema; a call validates by its own schema', { timeout: 30_000 }, () => {
    const tools = Array.from({ length: 300 }, (_, index) =>
      toolDefinitionOf({ name: `tool_${index}`, inputSchema: wideSchema(index) }, index),
    );
    expect(tools.every((tool) => tool.problem === undefined)).toBe(true);
    const checked = compileInputSchema(tools[7]?.inputSchema);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.validate({}).success).toBe(true);
    expect(checked.validate({ field_7_0: '' })).toMatchObject({ success: false, issues: [{ path: 'field_7_0' }] });
  });

  // Under a CSP without 'unsafe-eval' the browser refuses `Function(...)`; Ajv called it for every schema.
  it('checking a schema and validating against it generate no code', () => {
    const makeFunction = vi.spyOn(globalThis, 'Function');
    const checked = compileInputSchema({
      type: 'object',
      properties: { city: { type: 'string', pattern: '^[A-Z]' }, days: { type: 'array', items: { type: 'integer' } } },
      required: ['city'],
    });
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.validate({ city: 'Oslo', days: [1] }).success).toBe(true);
    expect(checked.validate({ city: 'oslo', days: ['x'] }).success).toBe(false);
    expect(makeFunction).not.toHaveBeenCalled();
  });

  it('the schema the server sent is left as it was (the validator marks the copy it reads)', () => {
    const schema = { type: 'object', properties: { next: { $ref: '#' } } };
    const before = JSON.stringify(Object.getOwnPropertyNames(schema));
    const checked = compileInputSchema(schema);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.validate({ next: { next: {} } }).success).toBe(true);
    expect(JSON.stringify(Object.getOwnPropertyNames(schema))).toBe(before);
  });

  it('RegExp is the native one again after a check, even one that throws', () => {
    const native = RegExp;
    const checked = compileInputSchema({ type: 'object', properties: { a: { type: 'string', pattern: 'x' }, b: { $ref: '#/nowhere' } } });
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.validate({ a: 'x', b: 1 })).toMatchObject({
      success: false,
      issues: [{ message: expect.stringContaining('cannot be used') }],
    });
    expect(globalThis.RegExp).toBe(native);
  });

  it('a catastrophic pattern is checked in linear time', () => {
    const checked = compileInputSchema({ type: 'object', properties: { text: { type: 'string', pattern: '^(a+)+$' } } });
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.validate({ text: `${'a'.repeat(5000)}!` })).toMatchObject({ success: false, issues: [{ path: 'text' }] });
    expect(checked.validate({ text: 'a'.repeat(5000) }).success).toBe(true);
  });

  it('a schema nested 10,000 deep is listed with its problem, not a stack overflow', () => {
    let property: unknown = { type: 'string' };
    for (let level = 0; level < 10_000; level++) property = { type: 'object', properties: { a: property } };
    expect(toolDefinitionOf({ name: 'deep', inputSchema: { type: 'object', properties: { a: property } } }, 0).problem).toBe(
      'inputSchema nests deeper than 128 levels',
    );
  });

  it('a schema that is no JSON Schema is still listed with its problem', () => {
    expect(toolDefinitionOf({ name: 'bad', inputSchema: { type: 'object', properties: { a: { type: 'nonsense' } } } }, 0).problem).toMatch(
      /^inputSchema is not valid JSON Schema/,
    );
  });
});
