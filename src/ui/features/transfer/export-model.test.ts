import { describe, expect, it } from 'vitest';
import { getWeather } from '../../../samples/tools/get-weather.ts';
import { sourcesKey } from '../../../session/index.ts';
import type { TestCallState } from '../../../store/run-slice.ts';
import { toolSourceFromSample } from '../../../workspace/default-workspace.ts';
import { projectToolsOf, type ArgumentVerdict } from './export-model.ts';

// Issue 26: a downloaded project's generated test expected success for the "Break them" arguments
// ("Expects success — assumed (no test call yet)"), so its `npm test` failed. Expectations now come from a
// test call of what is on screen, or from the tool's schema refusing the arguments; only then assumed.

const broken = '{"city": 42, "unexpected_field": true}';
const tool = { ...toolSourceFromSample(getWeather), argumentsText: broken };
const refused: ArgumentVerdict = {
  argumentsText: broken,
  schemaSource: tool.schemaSource,
  check: { status: 'invalid', issues: [{ path: 'city', message: 'Invalid input: expected string, received number' }] },
};
const earlierCall: TestCallState = {
  running: false,
  result: { status: 'success', output: {} } as unknown as TestCallState['result'],
  modelText: '{}',
  ranLastGood: false,
  ranSources: sourcesKey(tool.schemaSource, tool.codeSource),
  ranArguments: '{"city": "Oslo"}',
  blocked: null,
  error: null,
};

describe('projectToolsOf', () => {
  it('expects invalid_arguments for arguments the schema refuses, saying so, instead of assuming success', () => {
    const { projectTools, rows } = projectToolsOf([tool], {}, { [tool.id]: refused });
    expect(projectTools[0]?.testCall).toEqual({
      arguments: { city: 42, unexpected_field: true },
      expected: { status: 'error', kind: 'invalid_arguments' },
      refusedBecause: 'city: Invalid input: expected string, received number',
    });
    expect(rows[0]).toMatchObject({ expected: 'error: invalid_arguments', source: 'schema' });
  });

  it('does not take the outcome of a test call that ran other arguments', () => {
    const { projectTools, rows } = projectToolsOf([tool], { [tool.id]: earlierCall }, { [tool.id]: refused });
    expect(projectTools[0]?.testCall?.expected).toEqual({ status: 'error', kind: 'invalid_arguments' });
    expect(rows[0]?.source).toBe('schema');
    const same = { ...earlierCall, ranArguments: broken };
    expect(projectToolsOf([tool], { [tool.id]: same }, {}).rows[0]).toMatchObject({ source: 'last test call', expected: 'success' });
  });

  it('is checking until the schema has answered, then assumes success for arguments it accepts, labelled', () => {
    expect(projectToolsOf([tool], {}, {}).rows[0]?.source).toBe('checking');
    const fits: ArgumentVerdict = { ...refused, check: { status: 'valid' } };
    const { projectTools, rows } = projectToolsOf([tool], {}, { [tool.id]: fits });
    expect(projectTools[0]?.testCall).toMatchObject({ expected: { status: 'success' }, assumed: true });
    expect(rows[0]?.source).toBe('assumed');
    // A verdict on other arguments counts for nothing.
    expect(projectToolsOf([{ ...tool, argumentsText: '{}' }], {}, { [tool.id]: refused }).rows[0]?.source).toBe('checking');
  });
});
