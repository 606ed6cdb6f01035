// Test support for the downloaded-project checks: the project every check builds (every sample tool with
// the outcome its test call in Toolscope gives), unzipping it, and reading what its vitest said.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import { defaultRetryPolicy } from '../../core/index.ts';
import { sampleTools } from '../../samples/index.ts';
import type { ProjectFlavour, ProjectRequest, ProjectTool } from './project-types.ts';

/** The outcome of each sample's example arguments, as a test call in Toolscope reports it. */
const expectedOutcomes: Record<string, ProjectTool['testCall']> = {
  cpu_hog: { arguments: { analysis: 'churn by region' }, expected: { status: 'error', kind: 'timeout' } },
  stubborn_task: { arguments: { job: 'reindex search', duration_ms: 5000 }, expected: { status: 'error', kind: 'timeout' } },
  // Arguments the schema refuses: the executor answers invalid_arguments without running the tool.
  send_email: {
    arguments: { to: 'not an address', subject: 'Hi', body: 'Hello' },
    expected: { status: 'error', kind: 'invalid_arguments' },
    refusedBecause: 'to: Invalid email address',
  },
  // The simulated inventory service lives in Toolscope's page (ADR 0014); outside it the host
  // downstream.invalid does not resolve, and the fetch fails, as any unreachable service would.
  inventory_api: { arguments: { product_id: 'P-1042' }, expected: { status: 'error', kind: 'execution_error' } },
  // No test call recorded: success is assumed, and the call runs in a worker in case it never yields.
  calculator: { arguments: { expression: '2 * 21' }, expected: { status: 'success' }, assumed: true },
};

export const projectRequest = (flavour: ProjectFlavour): ProjectRequest => ({
  name: `toolscope-${flavour}`,
  flavour,
  settings: { concurrency: 4, timeoutMs: 10_000, retry: defaultRetryPolicy, maxIterations: 10 },
  tools: sampleTools.map((sample) => ({
    ...sample,
    testCall: expectedOutcomes[sample.name] ?? { arguments: sample.exampleArguments, expected: { status: 'success' } },
  })),
});

/** Without the outer vitest's variables, which would make the inner one think it is a worker. */
export const childEnvironment = (): Record<string, string> => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        !entry[0].startsWith('VITEST') &&
        !entry[0].startsWith('npm_') &&
        entry[0] !== 'NODE_ENV' &&
        entry[0] !== 'FORCE_COLOR',
    ),
  ),
  NO_COLOR: '1',
});

const folders: string[] = [];

/** Unzips into a new, empty temp folder (outside this repository); returns the project folder. */
export function unzipToTemporaryFolder(zip: Uint8Array, name: string): string {
  const root = mkdtempSync(join(tmpdir(), 'toolscope-project-'));
  folders.push(root);
  for (const [path, bytes] of Object.entries(unzipSync(zip))) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, strFromU8(bytes));
  }
  return join(root, name);
}

export function removeTemporaryFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** One test per tool (and one for the flavour's adapter), each run and passed, in vitest's verbose report. */
export function expectEveryToolTestPassed(output: string, flavour: ProjectFlavour): void {
  // eslint-disable-next-line no-control-regex -- colour codes, in case a terminal setting forces them
  const stdout = output.replace(/\u001b\[[0-9;]*m/g, '');
  const count = sampleTools.length + (flavour === 'plain' ? 0 : 1);
  expect(stdout).toMatch(new RegExp(`Tests\\s+${count} passed \\(${count}\\)`));
  for (const sample of sampleTools)
    expect(stdout).toContain(`✓ tests/${sample.name.replace(/_/g, '-')}.test.ts > ${sample.name} > answers its test arguments`);
}
