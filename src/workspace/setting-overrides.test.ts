import { describe, expect, it } from 'vitest';
import { overrideHint, settingOverrides } from './setting-overrides.ts';
import type { ToolSource } from './workspace-schema.ts';

function tool(name: string, fields: Partial<ToolSource>): ToolSource {
  return { name, enabled: true, ...fields } as ToolSource;
}

describe('settingOverrides', () => {
  it('lists the enabled tools that set their own value, per setting', () => {
    const overrides = settingOverrides([
      tool('slow_report', { timeoutMs: 3000, retry: { maxAttempts: 1 } }),
      tool('stubborn_task', { timeoutMs: 3000, timeoutStrategy: 'race' }),
      tool('disabled_one', { timeoutMs: 10, enabled: false }),
      tool('plain', {}),
    ]);
    expect(overrides.timeoutMs).toEqual(['slow_report', 'stubborn_task']);
    expect(overrides.timeoutStrategy).toEqual(['stubborn_task']);
    expect(overrides.maxAttempts).toEqual(['slow_report']);
    expect(overrides.baseDelayMs).toEqual([]);
  });

  it('says how many and, as its title, which', () => {
    expect(overrideHint([])).toBeUndefined();
    expect(overrideHint(['a'])?.text).toBe('overridden by 1 tool');
    expect(overrideHint(['a', 'b'])).toEqual({ text: 'overridden by 2 tools', title: 'Set per tool (Tool settings) for: a, b' });
  });
});
