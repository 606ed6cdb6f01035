// The files a downloaded project copies from this repository: the executor core, the model adapters and
// the agent loop as they are here (read as text at build time, so they cannot drift from the app), and
// the project's fixed files from ./template. Loaded on demand: only "Download project" needs them.
import type { ProjectFiles } from './project-types.ts';

const librarySources = import.meta.glob(
  [
    '../../core/**/*.ts',
    '../../llm/**/*.ts',
    '../../agent/**/*.ts',
    '!../../**/*.test.ts',
    '!../../**/__fixtures__/**',
    '!../../**/test-support*',
    '!../../**/test-tools.ts',
    // The core declares its own host globals for its no-DOM type check; a project has Node's types instead.
    '!../../core/platform.d.ts',
  ],
  { query: '?raw', import: 'default' },
);

const templateSources = import.meta.glob(['./template/**/*', '!**/*.d.ts'], { query: '?raw', import: 'default' });

async function load(sources: Record<string, () => Promise<unknown>>, rename: (path: string) => string): Promise<ProjectFiles> {
  const entries = await Promise.all(Object.entries(sources).map(async ([path, read]) => [rename(path), String(await read())] as const));
  return Object.fromEntries(entries);
}

/** `src/core/…`, `src/llm/…`, `src/agent/…` of the project. */
export function loadLibraryFiles(): Promise<ProjectFiles> {
  return load(librarySources, (path) => path.replace(/^\.\.\/\.\.\//, 'src/'));
}

/** The fixed files, by their place in the project (`src/executor.ts`, `tests/support/call-tool.ts`, …). */
export function loadTemplateFiles(): Promise<ProjectFiles> {
  return load(templateSources, (path) => path.replace(/^\.\/template\//, ''));
}
