// `npm run test:export-fastmcp` (not part of `npm test`: it installs fastmcp with pip, a minute or more).
// The Python sample tools, exported as "Export as… → FastMCP (Python)", are served by the real
// FastMCP (pip's fastmcp, in a virtualenv of its own) and called by a client nobody here wrote: the official
// MCP Inspector CLI, over stdio. FASTMCP_PYTHON names a Python that has fastmcp already.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRetryPolicy } from '../../core/index.ts';
import { pythonSampleTools } from '../../samples/index.ts';
import { exportCode } from '../code/export-code.ts';

const run = promisify(execFile);
const repositoryRoot = realpathSync(fileURLToPath(new URL('../../../', import.meta.url)));
const cache = join(repositoryRoot, 'node_modules/.cache');
const virtualenv = join(cache, 'toolscope-fastmcp');
const toolsFolder = resolve(process.env.EXPORT_TOOLS_DIR ?? join(cache, 'toolscope-export-tools'));
const inspector = join(toolsFolder, 'node_modules/@modelcontextprotocol/inspector-cli/build/cli.js');

/** A Python with fastmcp: FASTMCP_PYTHON, else a virtualenv made here with pip (from pip's configured index). */
function ensurePython(): string {
  if (process.env.FASTMCP_PYTHON) return process.env.FASTMCP_PYTHON;
  const python = join(virtualenv, 'bin/python');
  if (!existsSync(python)) execFileSync('python3', ['-m', 'venv', virtualenv], { stdio: 'inherit' });
  execFileSync(python, ['-m', 'pip', 'install', '--quiet', 'fastmcp'], { stdio: 'inherit', timeout: 600_000 });
  return python;
}

function ensureInspector(): void {
  if (existsSync(inspector)) return;
  mkdirSync(toolsFolder, { recursive: true });
  if (!existsSync(join(toolsFolder, 'package.json')))
    writeFileSync(join(toolsFolder, 'package.json'), JSON.stringify({ name: 'toolscope-export-tools', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '@modelcontextprotocol/inspector-cli@1.0.3'], {
    cwd: toolsFolder,
    stdio: 'inherit',
  });
}

const folder = mkdtempSync(join(tmpdir(), 'toolscope-fastmcp-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the Python tools as a FastMCP server', () => {
  it(
    'lists each tool with the schema read from its signature and answers calls, through the MCP Inspector CLI',
    { timeout: 900_000 },
    async () => {
      const python = ensurePython();
      ensureInspector();
      const tools = pythonSampleTools.map((sample) => ({ ...sample, language: 'python' as const }));
      const code = exportCode({ target: 'fastmcp', tools, definitions: [], defaults: { timeoutMs: 5_000, retry: defaultRetryPolicy } });
      const server = join(folder, code.fileName);
      writeFileSync(server, code.text);
      const client = async (...args: string[]) => {
        // The inspector reads ../package.json from its working folder (toolchain notes).
        const output = await run(process.execPath, [inspector, '--cli', python, server, ...args], {
          cwd: join(toolsFolder, 'node_modules'),
          timeout: 120_000,
        });
        return JSON.parse(output.stdout) as Record<string, unknown>;
      };

      const listed = (await client('--method', 'tools/list')).tools as {
        name: string;
        inputSchema: Record<string, unknown>;
        annotations?: unknown;
      }[];
      expect(listed.map((tool) => tool.name).sort()).toEqual(['get_weather', 'rate_limited']);
      const weather = listed.find((tool) => tool.name === 'get_weather')!;
      expect(weather.inputSchema).toMatchObject({
        type: 'object',
        properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' } },
        required: ['city'],
      });
      expect(weather.annotations).toMatchObject({ idempotentHint: true });

      // rate_limited raises TransientError(retry_after=0.3) on its first attempt: the server retries it.
      const called = await client('--method', 'tools/call', '--tool-name', 'rate_limited', '--tool-arg', 'query=trains to Bergen');
      expect(called.isError).toBe(false);
      expect(JSON.stringify(called.structuredContent ?? called.content)).toMatch(/"attempt\\?":\s*2/);
      const refused = await client(
        '--method',
        'tools/call',
        '--tool-name',
        'get_weather',
        '--tool-arg',
        'city=Oslo',
        '--tool-arg',
        'unit=kelvin',
      );
      expect(refused.isError).toBe(true);
    },
  );
});
