// Issue 28: an MCP server listing 3,000 tools of 50 properties blocked the page 12 s at connect (Ajv
// compiled every validator on the main thread), and Ajv ran a server's `pattern` natively (`^(a+)+$` on
// 28 characters: 15 s). Validators now compile at a tool's first call, and patterns run on RE2.
import Ajv2020 from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileInputSchema } from '../../core/json-schema-validation.ts';
import { toolDefinitionOf } from './tool-listing.ts';

afterEach(() => vi.restoreAllMocks());

const wideSchema = (index: number) => ({
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 50 }, (_, property) => [`field_${index}_${property}`, { type: 'string', minLength: 1 }]),
  ),
});

describe('MCP input schemas from a hostile server', () => {
  // Checking 3,000 schemas against the meta-schema takes ~1.5 s here, more on a loaded machine.
  it('listing 3,000 tools of 50 properties compiles no validator; the first call compiles its own, once', { timeout: 30_000 }, () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const tools = Array.from({ length: 3000 }, (_, index) =>
      toolDefinitionOf({ name: `tool_${index}`, inputSchema: wideSchema(index) }, index),
    );
    expect(tools.every((tool) => tool.problem === undefined)).toBe(true);
    expect(compile).not.toHaveBeenCalled();
    const checked = compileInputSchema(tools[7]?.inputSchema);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.validate({}).success).toBe(true);
    expect(checked.validate({ field_7_0: '' }).success).toBe(false);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('a catastrophic pattern is checked in linear time', () => {
    const checked = compileInputSchema({ type: 'object', properties: { text: { type: 'string', pattern: '^(a+)+$' } } });
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.validate({ text: `${'a'.repeat(5000)}!` })).toMatchObject({ success: false, issues: [{ path: 'text' }] });
    expect(checked.validate({ text: 'a'.repeat(5000) }).success).toBe(true);
  });

  it('a schema that is no JSON Schema is still listed with its problem', () => {
    expect(toolDefinitionOf({ name: 'bad', inputSchema: { type: 'object', properties: { a: { type: 'nonsense' } } } }, 0).problem).toMatch(
      /^inputSchema is not valid JSON Schema/,
    );
  });
});
