import { describe, expect, it } from 'vitest';
import { pythonSampleTools } from '../../samples/index.ts';
import { lintPythonTool } from './python-lints.ts';

const source = `import urllib.request
from toolscope import tool, ctx

@tool
async def lookup(city: str, days: int = 1) -> dict:
    """TODO"""
    return {"city": city}
`;
const parameters = {
  type: 'object' as const,
  properties: { city: { type: 'string' }, days: { type: 'integer', default: 1 } },
  required: ['city'],
  additionalProperties: false,
};

describe('lintPythonTool', () => {
  it('finds nothing to say about the Python samples', () => {
    for (const sample of pythonSampleTools) {
      const described = {
        description: sample.description,
        parameters: {
          type: 'object' as const,
          properties: Object.fromEntries(Object.keys(sample.exampleArguments).map((key) => [key, { type: 'string', description: key }])),
        },
      };
      expect(lintPythonTool({ ...sample, retry: { maxAttempts: 3 } }, described), sample.name).toEqual([]);
    }
  });

  it("points each lint at the tool's own line of Code: the def, the parameter, @tool, the import", () => {
    const lints = lintPythonTool({ name: 'lookup', codeSource: source, retry: { maxAttempts: 3 } }, { description: 'TODO', parameters });
    expect(lints.map(({ rule, line, column }) => [rule, line, column])).toEqual([
      ['placeholder-description', 5, 1],
      ['parameter-without-description', 5, 18],
      ['parameter-without-description', 5, 29],
      ['retry-without-idempotency', 4, 1],
      ['direct-network', 1, 1],
    ]);
    expect(lints[1]?.message).toContain('under Args: in the docstring');
    expect(lints[4]?.message).toContain('ctx.fetch');
  });

  it('says nothing of the definition before the tool has compiled, and nothing of retries at one attempt', () => {
    expect(lintPythonTool({ name: 'lookup', codeSource: source.replace('import urllib.request\n', '') }, null)).toEqual([]);
  });
});
