// The bounds a number field of the workspace accepts, read from the workspace schema itself, so a field
// can never accept what the save would then refuse (a 2500.5 ms timeout once did exactly that).
import { z } from 'zod';

export interface NumberRule {
  min: number;
  max: number;
  integer: boolean;
}

/** The rule of a number schema, through `.optional()`, `.nullable()` and `.default()` wrappers. */
export function numberRule(schema: z.ZodType): NumberRule {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
    inner = inner.unwrap() as z.ZodType;
  if (!(inner instanceof z.ZodNumber)) throw new TypeError('numberRule needs a number schema');
  return { min: inner.minValue ?? -Infinity, max: inner.maxValue ?? Infinity, integer: inner.isInt };
}

const formatted = (value: number) => value.toLocaleString('en-US');

/** Why `value` breaks the rule, in words for the field; null when it keeps it. */
export function numberRuleProblem(rule: NumberRule, value: number): string | null {
  const range = `from ${formatted(rule.min)} to ${formatted(rule.max)}`;
  if (!Number.isFinite(value)) return `Enter a number ${range}`;
  if (rule.integer && !Number.isInteger(value)) return `Enter a whole number ${range}`;
  if (value < rule.min || value > rule.max) return `Enter a ${rule.integer ? 'whole number' : 'number'} ${range}`;
  return null;
}
