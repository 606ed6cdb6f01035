import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  DuplicateToolError,
  DuplicateVersionError,
  InvalidArgumentsError,
  messageOf,
  PermanentError,
  ToolUnavailableError,
  TransientError,
} from './errors.ts';
import { classifyFailure } from './retry-policy.ts';

describe('the error classes', () => {
  it('name themselves, as a stack trace and a worker copy show them', () => {
    expect(String(new DuplicateToolError('search'))).toBe('DuplicateToolError: A tool named "search" is already registered');
    expect(String(new DuplicateVersionError('search', 'v2'))).toBe(
      'DuplicateVersionError: Version "v2" of tool "search" is already deployed',
    );
    expect(String(new InvalidArgumentsError('bad city'))).toBe('InvalidArgumentsError: bad city');
    expect(String(new TransientError('busy'))).toBe('TransientError: busy');
    expect(String(new PermanentError('denied'))).toBe('PermanentError: denied');
    expect(String(new ToolUnavailableError('rebuilding'))).toBe('ToolUnavailableError: rebuilding');
  });

  it('keep the cause they were given', () => {
    const cause = new Error('socket hang up');
    expect(new TransientError('busy', { cause }).cause).toBe(cause);
    expect(new PermanentError('denied', { cause }).cause).toBe(cause);
    expect(new ToolUnavailableError('down', { cause, retryAfterMs: 50 })).toMatchObject({ cause, retryAfterMs: 50 });
  });

  it('carry their retry flag in a copy of their fields, so a worker copy classifies the same', () => {
    // A worker posts the thrown error's own fields, not its class (src/sandbox/worker/thrown-error.ts).
    const copy = (error: Error) => ({ ...error, status: 503 });
    expect(classifyFailure('execution_error', copy(new TransientError('busy')))).toEqual({ transient: true, reason: 'retryable error' });
    expect(classifyFailure('execution_error', copy(new ToolUnavailableError('down')))).toEqual({
      transient: true,
      reason: 'retryable error',
    });
    expect(classifyFailure('execution_error', copy(new PermanentError('denied')))).toEqual({
      transient: false,
      reason: 'error marked not retryable',
    });
  });

  it('give an InvalidArgumentsError without issues one issue at the root with its message', () => {
    expect(new InvalidArgumentsError('city is not known').issues).toEqual([{ path: '', message: 'city is not known' }]);
    const issues = [{ path: 'city', message: 'unknown' }];
    expect(new InvalidArgumentsError('bad', issues).issues).toBe(issues);
  });
});

describe('messageOf', () => {
  it('reads an error message, else its name, else "Error"', () => {
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf(new TypeError(''))).toBe('TypeError');
    const nameless = new Error('');
    nameless.name = '';
    expect(messageOf(nameless)).toBe('Error');
  });

  it('reads a string, an object with a string message, else JSON, else String', () => {
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf({ message: 'from an object' })).toBe('from an object');
    expect(messageOf({ message: 42 })).toBe('{"message":42}');
    expect(messageOf(null)).toBe('null');
    expect(messageOf(undefined)).toBe('undefined');
    expect(messageOf(10n)).toBe('10');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(messageOf(cyclic)).toBe('[object Object]');
  });
});

describe('describeIssues', () => {
  it('names the root (root) and joins issues with "; "', () => {
    expect(
      describeIssues([
        { path: '', message: 'Expected object' },
        { path: 'a.b.0', message: 'Expected number' },
      ]),
    ).toBe('(root): Expected object; a.b.0: Expected number');
  });
});
