import { describe, it, expect } from 'vitest';
import { backoffDelay, classifyFailure, defaultRetryPolicy, resolveRetryPolicy } from './retry-policy.ts';
import { PermanentError, ToolUnavailableError, TransientError } from './errors.ts';

describe('classifyFailure', () => {
  it('retries timeouts, TransientError, retryable: true and the transient statuses', () => {
    expect(classifyFailure('timeout', undefined)).toEqual({ transient: true, reason: 'timeout' });
    expect(classifyFailure('execution_error', new TransientError('busy')).transient).toBe(true);
    expect(classifyFailure('unavailable', new ToolUnavailableError('down')).transient).toBe(true);
    expect(classifyFailure('execution_error', Object.assign(new Error('x'), { retryable: true })).transient).toBe(true);
    for (const status of [408, 425, 429, 500, 502, 503, 504]) {
      expect(classifyFailure('execution_error', { status })).toEqual({ transient: true, reason: `status ${status}` });
      expect(classifyFailure('execution_error', { statusCode: status }).transient).toBe(true);
    }
  });

  it('does not retry bad arguments, permanent errors, other 4xx or unknown errors', () => {
    expect(classifyFailure('invalid_arguments', new TransientError('x')).transient).toBe(false);
    expect(classifyFailure('aborted', undefined).transient).toBe(false);
    expect(classifyFailure('execution_error', new PermanentError('denied')).transient).toBe(false);
    expect(classifyFailure('execution_error', Object.assign(new PermanentError('x'), { status: 503 })).transient).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422, 501]) expect(classifyFailure('execution_error', { status }).transient).toBe(false);
    expect(classifyFailure('execution_error', new Error('bug')).transient).toBe(false);
    expect(classifyFailure('execution_error', 'a string').transient).toBe(false);
    expect(classifyFailure('execution_error', Object.assign(new Error('x'), { retryable: false, status: 503 })).transient).toBe(false);
  });
});

describe('backoffDelay', () => {
  const policy = defaultRetryPolicy;

  it('grows exponentially and caps at maxDelayMs, with equal jitter between half and all of it', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, policy, () => 0))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, policy, () => 0.999999))).toEqual([1000, 2000, 4000, 8000, 10_000]);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(1500);
  });

  it('clamps a misbehaving random source', () => {
    expect(backoffDelay(1, policy, () => 7)).toBe(1000);
    expect(backoffDelay(1, policy, () => -1)).toBe(500);
  });
});

describe('resolveRetryPolicy', () => {
  it('layers partial policies over the defaults, later layers winning', () => {
    expect(resolveRetryPolicy({ maxAttempts: 5 }, { baseDelayMs: 10, maxAttempts: undefined })).toEqual({
      ...defaultRetryPolicy,
      maxAttempts: 5,
      baseDelayMs: 10,
    });
    expect(resolveRetryPolicy({ maxAttempts: 0 }).maxAttempts).toBe(1);
  });
});

describe('classifyFailure reasons (issue 20: every branch says why, found by mutation testing)', () => {
  it('names the reason of each decision exactly', () => {
    const cases: [Parameters<typeof classifyFailure>, { transient: boolean; reason: string }][] = [
      [['aborted', new TransientError('busy')], { transient: false, reason: 'aborted' }],
      [['invalid_arguments', undefined], { transient: false, reason: 'invalid_arguments' }],
      [['unknown_tool', undefined], { transient: false, reason: 'unknown_tool' }],
      [['execution_error', new PermanentError('gone')], { transient: false, reason: 'PermanentError' }],
      [['execution_error', new ToolUnavailableError('down')], { transient: true, reason: 'unavailable' }],
      [['unavailable', new Error('down')], { transient: true, reason: 'unavailable' }],
      [['execution_error', 'text'], { transient: false, reason: 'error' }],
      [['execution_error', { retryable: true }], { transient: true, reason: 'retryable error' }],
      [['execution_error', { retryable: false, status: 503 }], { transient: false, reason: 'error marked not retryable' }],
      [['execution_error', { status: '503' }], { transient: false, reason: 'error' }],
      [['execution_error', new Error('plain')], { transient: false, reason: 'error' }],
    ];
    for (const [input, expected] of cases) expect(classifyFailure(...input)).toEqual(expected);
  });
});
