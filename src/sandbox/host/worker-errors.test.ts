import { describe, expect, it } from 'vitest';
import { InvalidArgumentsError, PermanentError, ToolUnavailableError, TransientError } from '../../core/index.ts';
import { transpileUserSource } from '../transpile.ts';
import { buildWorkerSource, userModuleUrl } from '../worker-source.ts';
import { describeThrownError, loadFailureToSourceError, thrownErrorToSourceError } from './module-load-errors.ts';
import { sessionEndToError, toCoreError, SandboxedToolError } from './worker-errors.ts';
import { SessionEndedError, SessionTimeoutError } from './worker-session.ts';

// The user module is line 1.. of its script (worker-source.ts), named by its sourceURL; a stack frame
// at line 2 of that script is line 2 of the transpiled module. Frames of other scripts are the harness's.
const source = "import { z } from 'zod';\nconst broken = null.x;\nexport default z.object({});\n";
const transpiled = transpileUserSource(source);
if (!transpiled.ok) throw new Error('does not transpile');
const module = { lineCount: transpiled.lineCount, columnMap: transpiled.columnMap };
const userFrame = `TypeError: x\n    at harness (blob:null/abc:2:3)\n    at toolscopeUserModule (${userModuleUrl}:2:16)`;

describe('describeThrownError', () => {
  it('names the error class except plain Error, once, and drops the names sucrase adds', () => {
    expect(describeThrownError({ name: 'TypeError', message: '_zod.z.strin is not a function' })).toBe(
      'TypeError: z.strin is not a function',
    );
    expect(describeThrownError({ name: 'TypeError', message: '_toolscope2.sleep is not a function' })).toBe(
      'TypeError: sleep is not a function',
    );
    expect(describeThrownError({ name: 'Error', message: 'plain' })).toBe('plain');
    expect(describeThrownError({ name: '', message: 'nameless' })).toBe('nameless');
    expect(describeThrownError({ name: 'RangeError', message: 'RangeError: already named' })).toBe('RangeError: already named');
  });
});

describe('thrownErrorToSourceError', () => {
  it('puts a wrong export at the export default, and anything else at its frame in the user module', () => {
    expect(thrownErrorToSourceError({ name: 'ExportShapeError', message: 'wrong export' }, source, module)).toEqual({
      line: 3,
      column: 1,
      message: 'wrong export',
    });
    const located = thrownErrorToSourceError({ name: 'TypeError', message: 'x', stack: userFrame }, source, module);
    expect(located).toMatchObject({ line: 2, message: 'TypeError: x' });
    expect(thrownErrorToSourceError({ name: 'Error', message: 'somewhere', stack: 'at harness (x:900:1)' }, source, module)).toEqual({
      line: 1,
      column: 1,
      message: 'somewhere',
    });
  });
});

describe('loadFailureToSourceError', () => {
  it('places an uncaught worker error at its user position, without "Uncaught"', () => {
    const end = new SessionEndedError({ kind: 'worker-error', message: 'Uncaught ReferenceError: y is not defined', line: 2, column: 5 });
    expect(loadFailureToSourceError(end, module, 100)).toMatchObject({ line: 2, message: 'ReferenceError: y is not defined' });
    const harnessLine = new SessionEndedError({ kind: 'worker-error', message: 'boom', line: 500, column: 1 });
    expect(loadFailureToSourceError(harnessLine, module, 100)).toEqual({ line: 1, column: 1, message: 'boom' });
  });

  it('words every other way a load can fail, at the start of the source', () => {
    expect(loadFailureToSourceError(new SessionEndedError({ kind: 'crashed', message: 'gone' }), module, 100)).toEqual({
      line: 1,
      column: 1,
      message: 'gone',
    });
    expect(loadFailureToSourceError(new SessionTimeoutError('late'), module, 250).message).toBe(
      'The module did not finish loading within 250 ms: is there an endless loop at its top level?',
    );
    expect(loadFailureToSourceError(new Error('odd'), module, 1).message).toBe('odd');
    expect(loadFailureToSourceError('text', module, 1)).toEqual({ line: 1, column: 1, message: 'text' });
  });
});

describe('toCoreError', () => {
  it("rebuilds the core's error classes so the executor classifies them as it would in process", () => {
    const transient = toCoreError({ name: 'TransientError', message: 'busy', retryAfterMs: 300 }, module);
    expect(transient).toBeInstanceOf(TransientError);
    expect([transient.message, (transient as TransientError).retryAfterMs]).toEqual(['busy', 300]);
    expect((toCoreError({ name: 'TransientError', message: 'busy' }, module) as TransientError).retryAfterMs).toBeUndefined();
    expect(toCoreError({ name: 'PermanentError', message: 'never' }, module)).toEqual(new PermanentError('never'));
    const invalid = toCoreError({ name: 'InvalidArgumentsError', message: 'bad', issues: [{ path: 'a', message: 'm' }] }, module);
    expect(invalid).toBeInstanceOf(InvalidArgumentsError);
    expect((invalid as InvalidArgumentsError).issues).toEqual([{ path: 'a', message: 'm' }]);
  });

  it('keeps what the executor classifies by (retryable, status, retry-after) on any other error, with its position', () => {
    const error = toCoreError(
      { name: 'HttpError', message: 'upstream 503', stack: userFrame, retryable: true, status: 503, retryAfterMs: 50 },
      module,
    ) as SandboxedToolError;
    expect(error).toBeInstanceOf(SandboxedToolError);
    expect(error.name).toBe('SandboxedToolError');
    expect([error.originalName, error.retryable, error.status, error.retryAfterMs, error.userStack]).toEqual([
      'HttpError',
      true,
      503,
      50,
      userFrame,
    ]);
    expect(error.position?.line).toBe(2);
    // The place goes to the inspector (sourceLocation), not into the message the model reads.
    expect(error.sourceLocation).toBe(error.position);
    expect(error.message).toBe('HttpError: upstream 503');
  });
});

describe('sessionEndToError', () => {
  it('maps each way a worker ends to the error a call fails with', () => {
    expect(sessionEndToError(new SessionEndedError({ kind: 'crashed', message: 'oom' }), module)).toEqual(new ToolUnavailableError('oom'));
    const uncaught = sessionEndToError(
      new SessionEndedError({ kind: 'worker-error', message: 'Uncaught TypeError: no', line: 2, column: 3 }),
      module,
    ) as SandboxedToolError;
    expect(uncaught).toBeInstanceOf(SandboxedToolError);
    expect(uncaught.message).toBe('TypeError: no');
    expect(uncaught.sourceLocation).toMatchObject({ line: 2 });
    expect(sessionEndToError(new SessionEndedError({ kind: 'protocol-error', message: 'garbled' }), module)).toEqual(
      new PermanentError('garbled'),
    );
    expect(sessionEndToError(new SessionEndedError({ kind: 'terminated' }), module).message).toBe('The tool was stopped');
  });

  it('drops only a leading "Uncaught", and names an uncaught error as a plain Error', () => {
    const end = (message: string) =>
      sessionEndToError(new SessionEndedError({ kind: 'worker-error', message, line: 2, column: 3 }), module) as SandboxedToolError;
    expect(end('Uncaught Error: the Uncaught handler failed').message).toBe('Error: the Uncaught handler failed');
    expect(end('RangeError: Uncaught in a loop').message).toBe('RangeError: Uncaught in a loop');
    expect(end('Uncaught boom').originalName).toBe('Error');
    const located = loadFailureToSourceError(
      new SessionEndedError({ kind: 'worker-error', message: 'SyntaxError: Uncaught token', line: 2, column: 3 }),
      module,
      1_000,
    );
    expect(located.message).toBe('SyntaxError: Uncaught token');
  });

  it('builds the worker script with the user module first (a sanity check of the positions used above)', () => {
    expect(buildWorkerSource('CODE', 'HARNESS').split('\n')[0]).toContain('CODE');
  });
});
