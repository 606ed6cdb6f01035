import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentsError, PermanentError, ToolUnavailableError, TransientError } from '../../../core/index.ts';
import { SandboxedToolError } from '../../host/worker-errors.ts';
import { SessionEndedError } from '../../host/worker-session.ts';
import { classicEmscriptenModule } from './python-assets.ts';
import { pythonCallErrors, pythonSourceError } from './python-errors.ts';

describe("a Python tool's errors", () => {
  it("become the executor's own classes, with Retry-After kept", () => {
    const transient = pythonCallErrors.thrown({ name: 'TransientError', message: 'rate limited', retryAfterMs: 2000, line: 9, column: 5 });
    expect(transient).toBeInstanceOf(TransientError);
    expect((transient as TransientError).retryAfterMs).toBe(2000);
    expect(pythonCallErrors.thrown({ name: 'PermanentError', message: 'no such city' })).toBeInstanceOf(PermanentError);
    const invalid = pythonCallErrors.thrown({
      name: 'InvalidArgumentsError',
      message: 'bad',
      issues: [{ path: 'city', message: 'empty' }],
    });
    expect(invalid).toBeInstanceOf(InvalidArgumentsError);
  });

  it('keep the Python type in the message and the tool line as the position, never a wasm stack', () => {
    const error = pythonCallErrors.thrown({
      name: 'ZeroDivisionError',
      message: 'division by zero',
      line: 7,
      column: 12,
      traceback: 'Traceback (most recent call last):\n  File "<tool>", line 7, in divide\nZeroDivisionError: division by zero\n',
    });
    expect(error).toBeInstanceOf(SandboxedToolError);
    expect(error.message).toBe('ZeroDivisionError: division by zero');
    expect((error as SandboxedToolError).sourceLocation).toEqual({ line: 7, column: 12 });
    expect((error as SandboxedToolError).userStack).toContain('File "<tool>", line 7');
    expect(pythonSourceError({ name: 'SyntaxError', message: "'(' was never closed", line: 3, column: 9 })).toEqual({
      line: 3,
      column: 9,
      message: "SyntaxError: '(' was never closed",
    });
  });

  it('a crashed worker is unavailable (retryable), a stopped one is not a tool error', () => {
    expect(pythonCallErrors.ended(new SessionEndedError({ kind: 'crashed', message: 'the sandbox crashed' }))).toBeInstanceOf(
      ToolUnavailableError,
    );
    expect(pythonCallErrors.ended(new SessionEndedError({ kind: 'protocol-error', message: 'bad message' }))).toBeInstanceOf(
      PermanentError,
    );
  });
});

describe('classicEmscriptenModule', () => {
  it('turns the ES module into a classic script', () => {
    const source =
      'async function _createPyodideModule(moduleArg = {}) { return import.meta.url; }\nexport default _createPyodideModule;\n';
    const classic = classicEmscriptenModule(source);
    expect(classic).not.toContain('export default');
    expect(classic).toContain('self.location.href');
  });

  it("accepts the installed Pyodide's module", () => {
    const installed = readFileSync(fileURLToPath(import.meta.resolve('pyodide/pyodide.asm.mjs')), 'utf8');
    expect(classicEmscriptenModule(installed)).not.toMatch(/^export /m);
  });

  it('fails by name when a Pyodide upgrade changed that shape', () => {
    expect(() => classicEmscriptenModule('export { createModule as default };')).toThrow(/classicEmscriptenModule/);
  });
});
