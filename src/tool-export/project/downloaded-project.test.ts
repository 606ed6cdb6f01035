import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRetryPolicy } from '../../core/index.ts';
import { sampleTools } from '../../samples/index.ts';
import type { ProjectFlavour, ProjectRequest, ProjectTool } from './project-types.ts';
import { zipProject } from './zip-project.ts';

// Issue 18: "Download project" gives a project that works on its own. It is unzipped in a temp folder
// with this repository's node_modules linked (no install), and must pass its own `tsc` and its own
// generated tests. npm test checks the plain flavour; `npm run test:export-projects` checks all three.

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const flavours: ProjectFlavour[] = process.env.EXPORT_PROJECT_FLAVOURS === 'all' ? ['plain', 'ai-sdk', 'mcp'] : ['plain'];

/** The outcome of each sample's example arguments, as a test call in Toolscope reports it. */
const expectedOutcomes: Record<string, ProjectTool['testCall']> = {
  cpu_hog: { arguments: { analysis: 'churn by region' }, expected: { status: 'error', kind: 'timeout' } },
  stubborn_task: { arguments: { job: 'reindex search', duration_ms: 5000 }, expected: { status: 'error', kind: 'timeout' } },
  // Arguments the schema refuses: the executor answers invalid_arguments without running the tool.
  send_email: {
    arguments: { to: 'not an address', subject: 'Hi', body: 'Hello' },
    expected: { status: 'error', kind: 'invalid_arguments' },
  },
  // The simulated inventory service lives in Toolscope's page (ADR 0014); outside it the host
  // downstream.invalid does not resolve, and the fetch fails, as any unreachable service would.
  inventory_api: { arguments: { product_id: 'P-1042' }, expected: { status: 'error', kind: 'execution_error' } },
  // No test call recorded: success is assumed, and the call runs in a worker in case it never yields.
  calculator: { arguments: { expression: '2 * 21' }, expected: { status: 'success' }, assumed: true },
};

const request = (flavour: ProjectFlavour): ProjectRequest => ({
  name: `toolscope-${flavour}`,
  flavour,
  settings: { concurrency: 4, timeoutMs: 10_000, retry: defaultRetryPolicy, maxIterations: 10 },
  tools: sampleTools.map((sample) => ({
    ...sample,
    testCall: expectedOutcomes[sample.name] ?? { arguments: sample.exampleArguments, expected: { status: 'success' } },
  })),
});

/** Without the outer vitest's variables, which would make the inner one think it is a worker. */
const environment = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV' && key !== 'FORCE_COLOR'),
  ),
  NO_COLOR: '1',
};

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function unzipToTemporaryFolder(zip: Uint8Array, name: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'toolscope-project-'));
  folders.push(root);
  for (const [path, bytes] of Object.entries(unzipSync(zip))) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, strFromU8(bytes));
  }
  const project = join(root, name);
  symlinkSync(join(repositoryRoot, 'node_modules'), join(project, 'node_modules'), 'dir');
  return project;
}

async function inProject(project: string, script: string, ...args: string[]) {
  try {
    return await run(process.execPath, [join(project, 'node_modules', script), ...args], {
      cwd: project,
      env: environment,
      timeout: 180_000,
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${script} failed in ${project}:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`);
  }
}

describe.each(flavours)('the downloaded %s project', (flavour) => {
  it('type-checks with its own tsc and passes its own tests', { timeout: 300_000 }, async () => {
    const project = await unzipToTemporaryFolder(await zipProject(request(flavour)), `toolscope-${flavour}`);
    await inProject(project, 'typescript/bin/tsc', '-p', '.');
    const output = await inProject(project, 'vitest/vitest.mjs', 'run', '--reporter=verbose');
    // eslint-disable-next-line no-control-regex -- colour codes, in case a terminal setting forces them
    const stdout = output.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    // One test per tool (and one for the flavour's adapter), all run and passed.
    const adapterTests = flavour === 'plain' ? 0 : 1;
    expect(stdout).toMatch(new RegExp(`Tests\\s+${sampleTools.length + adapterTests} passed \\(${sampleTools.length + adapterTests}\\)`));
    for (const sample of sampleTools)
      expect(stdout).toContain(`✓ tests/${sample.name.replace(/_/g, '-')}.test.ts > ${sample.name} > answers its test arguments`);
  });
});
