import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRetryPolicy, type ToolDefinition } from '../../core/index.ts';
import { pythonSampleTools, sampleTools } from '../../samples/index.ts';
import type { ExportableTool } from '../export-types.ts';
import { exportCode, languageMismatch } from '../code/export-code.ts';
import { withoutToolscopeImport } from './python-export.ts';
import { standInSource } from './python-stand-in.ts';

// The Python targets of issue 31, checked with this machine's CPython (python3): the files parse, and the
// plain module runs a call with the executor's retry after Retry-After. The FastMCP server itself is
// driven by the MCP Inspector CLI in fastmcp-server.install.test.ts (it needs fastmcp installed).

const defaults = { timeoutMs: 5_000, retry: defaultRetryPolicy };
const python: ExportableTool[] = pythonSampleTools.map((sample) => ({ ...sample, language: 'python' }));
const rateLimited = python.find((tool) => tool.name === 'rate_limited')!;
const definition: ToolDefinition = {
  name: 'rate_limited',
  description: rateLimited.description,
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false },
};
const folder = mkdtempSync(join(tmpdir(), 'toolscope-python-export-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const python3 = (args: string[], input?: string) =>
  execFileSync('python3', args, { cwd: folder, encoding: 'utf8', input, timeout: 30_000 });

describe('Python tools exported as FastMCP server and as a plain module', () => {
  it("carries the sandbox's own error classes word for word, defined in one file only", () => {
    const runtime = (file: string) => readFileSync(new URL(`../../sandbox/python/runtime/${file}`, import.meta.url), 'utf8');
    const errorClasses = runtime('_toolscope_errors.py');
    expect(standInSource).toContain(errorClasses.trimEnd());
    for (const name of ['TransientError', 'PermanentError', 'InvalidArgumentsError']) {
      expect(errorClasses).toContain(`class ${name}(Exception):`);
      expect(runtime('toolscope.py')).not.toContain(`class ${name}(`);
      expect(standInSource.split(`class ${name}(`)).toHaveLength(2);
    }
  });

  // CPython starts in tens of milliseconds quiet, seconds on the loaded 2-core machine.
  it('writes each as Python that compiles, with no toolscope import left', { timeout: 60_000 }, () => {
    for (const target of ['fastmcp', 'python-module'] as const) {
      const code = exportCode({ target, tools: python, definitions: [definition], defaults });
      expect(code.language).toBe('python');
      expect(code.text).not.toMatch(/^\s*(from toolscope|import toolscope)/m);
      const file = join(folder, code.fileName);
      writeFileSync(file, code.text);
      python3(['-m', 'py_compile', file]);
    }
    expect(exportCode({ target: 'fastmcp', tools: [rateLimited], definitions: [], defaults }).text).toContain(
      'mcp = FastMCP("rate-limited")',
    );
  });

  it(
    'the plain module gives the definitions and runs a call as the executor would: 429, Retry-After 0.3 s, then the answer',
    { timeout: 60_000 },
    () => {
      const code = exportCode({ target: 'python-module', tools: [rateLimited], definitions: [definition], defaults });
      writeFileSync(join(folder, code.fileName), code.text);
      const module = code.fileName.replace(/\.py$/, '');
      const output = python3(
        ['-'],
        `import asyncio, json, time\nimport ${module} as exported\nstarted = time.monotonic()\nvalue = asyncio.run(exported.call_tool("rate_limited", {"query": "trains"}))\nprint(json.dumps({"definitions": exported.TOOL_DEFINITIONS, "value": value, "waited": time.monotonic() - started}))\n`,
      );
      const result = JSON.parse(output) as { definitions: unknown; value: unknown; waited: number };
      expect(result.definitions).toEqual([definition]);
      expect(result.value).toEqual({ query: 'trains', attempt: 2 });
      expect(result.waited).toBeGreaterThanOrEqual(0.3);
    },
  );

  it('keeps the executor settings of the workspace in the file', () => {
    const code = exportCode({
      target: 'fastmcp',
      tools: [{ ...rateLimited, timeoutMs: 2_500, retry: { maxAttempts: 5 } }],
      definitions: [],
      defaults,
    });
    expect(code.text).toContain('"rate_limited": dict(timeout_s=2.5, max_attempts=5, base_delay_s=1, max_delay_s=10, factor=2),');
  });

  it('takes out a toolscope import in every form, and only that', () => {
    const source = 'from toolscope import (\n    tool,\n    ctx,\n)\nimport toolscope\nfrom typing import Literal\n\n@tool\ndef a(): ...\n';
    expect(withoutToolscopeImport(source)).toBe('from typing import Literal\n\n@tool\ndef a(): ...');
  });

  it('refuses to mix languages: TypeScript targets for TypeScript tools, the Python ones for Python tools', () => {
    const typescript: ExportableTool = sampleTools[0]!;
    expect(languageMismatch('fastmcp', [rateLimited])).toBeNull();
    expect(languageMismatch('openai-json', [rateLimited, typescript])).toBeNull();
    expect(languageMismatch('mcp', [rateLimited])).toMatch(/^rate_limited is a Python tool: export it as FastMCP \(Python\)/);
    expect(languageMismatch('python-module', [rateLimited, typescript])).toMatch(new RegExp(`^${typescript.name} is TypeScript`));
    // The downloaded project runs TypeScript tools: a Python one would make a project that fails its install.
    expect(languageMismatch('project', [typescript])).toBeNull();
    expect(languageMismatch('project', [typescript, rateLimited])).toMatch(/^rate_limited is a Python tool: export it as FastMCP/);
  });
});
