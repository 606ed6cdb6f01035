import { describe, expect, it } from 'vitest';
import { vitestFileFor } from './vitest-export.ts';

describe('vitestFileFor', () => {
  it('writes one test per scenario with its script and expectations as data', () => {
    const text = vitestFileFor([
      { name: 'Weather "quoted"', scenarioSource: '{"name":"W","turns":[]}', expectations: [{ type: 'not-called', tool: 'send_email' }] },
    ]);
    expect(text).toContain("import { checkTrajectory, type Expectation } from './toolscope/assertions';");
    const suite = JSON.parse(/= (\[[\s\S]*\]);\n/.exec(text)![1]!);
    expect(suite).toEqual([
      { name: 'Weather "quoted"', scenario: { name: 'W', turns: [] }, expectations: [{ type: 'not-called', tool: 'send_email' }] },
    ]);
  });
});
