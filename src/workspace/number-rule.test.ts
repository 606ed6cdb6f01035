import { describe, expect, it } from 'vitest';
import { numberRule, numberRuleProblem } from './number-rule.ts';
import { runSettingsSchema, toolSourceSchema } from './workspace-schema.ts';

describe('number rules read from the workspace schema', () => {
  it('a run timeout must be a whole number of milliseconds in range (issue 12: 2500.5 was taken, then the save failed)', () => {
    const rule = numberRule(runSettingsSchema.shape.timeoutMs);
    expect(rule).toEqual({ min: 1, max: 600_000, integer: true });
    expect(numberRuleProblem(rule, 2500.5)).toBe('Enter a whole number from 1 to 600,000');
    expect(numberRuleProblem(rule, 0)).toBe('Enter a whole number from 1 to 600,000');
    expect(numberRuleProblem(rule, 600_001)).not.toBeNull();
    expect(numberRuleProblem(rule, 2500)).toBeNull();
  });

  it('reads through optional and nullable wrappers', () => {
    expect(numberRule(toolSourceSchema.shape.timeoutMs)).toEqual({ min: 1, max: 600_000, integer: true });
    expect(numberRule(runSettingsSchema.shape.concurrency)).toEqual({ min: 1, max: 1000, integer: true });
  });

  it('every value a rule accepts is accepted by its schema, and the boundaries are exact', () => {
    for (const schema of [runSettingsSchema.shape.timeoutMs, runSettingsSchema.shape.maxIterations, toolSourceSchema.shape.timeoutMs]) {
      const rule = numberRule(schema);
      for (const value of [rule.min, rule.max, rule.min - 1, rule.max + 1, rule.min + 0.5]) {
        expect(numberRuleProblem(rule, value) === null, `value ${value}`).toBe(schema.safeParse(value).success);
      }
    }
  });

  it('a non-integer rule takes fractions and still names its range', () => {
    const rule = numberRule(runSettingsSchema.shape.speed);
    expect(numberRuleProblem(rule, 0.25)).toBeNull();
    expect(numberRuleProblem(rule, 11)).toBe('Enter a number from 0.05 to 10');
    expect(numberRuleProblem(rule, Number.NaN)).toBe('Enter a number from 0.05 to 10');
  });
});
