import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, it } from 'vitest';
import {
  childEnvironment,
  expectEveryToolTestPassed,
  projectRequest,
  removeTemporaryFolders,
  unzipToTemporaryFolder,
} from './downloaded-project.test-support.ts';
import { zipProject } from './zip-project.ts';

// Issue 18: "Download project" gives a project that works on its own. It is unzipped in a temp folder and
// given only the packages its package.json lists, linked from this repository's node_modules (no install):
// anything else it imports does not resolve, as after a real install (issue 26). It must pass its own `tsc`
// and its own generated tests. `npm run test:export-projects` installs all three flavours from the registry.

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

afterAll(removeTemporaryFolders);

/** node_modules with the listed packages alone (each links to this repository's copy, whose own dependencies resolve from there). */
function linkListedPackages(project: string): void {
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
    mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(join(repositoryRoot, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }
}

async function inProject(project: string, script: string, ...args: string[]) {
  try {
    return await run(process.execPath, [join(project, 'node_modules', script), ...args], {
      cwd: project,
      env: childEnvironment(),
      timeout: 180_000,
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${script} failed in ${project}:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`);
  }
}

describe('the downloaded plain project', () => {
  it('type-checks with its own tsc and passes its own tests, with only the packages it lists', { timeout: 300_000 }, async () => {
    const project = unzipToTemporaryFolder(zipProject(projectRequest('plain')), 'toolscope-plain');
    linkListedPackages(project);
    await inProject(project, 'typescript/bin/tsc', '-p', '.');
    const output = await inProject(project, 'vitest/vitest.mjs', 'run', '--reporter=verbose');
    expectEveryToolTestPassed(output.stdout, 'plain');
  });
});
