// The files a downloaded project copies from this repository: the executor core, the model adapters and
// the agent loop as they are here (read as text at build time, so they cannot drift from the app), and
// the project's fixed files from ./template. Eager within this module, which itself is loaded on demand
// (loadProjectZipper): one chunk holds every text, and only "Download project" loads it.
import type { ProjectFiles } from './project-types.ts';

const librarySources = import.meta.glob(
  [
    '../../core/**/*.ts',
    '../../llm/**/*.ts',
    '../../agent/**/*.ts',
    '!../../**/*.test.ts',
    '!../../**/__fixtures__/**',
    // Test support is named one way across the repo (eslint.config.js), so one pattern leaves it all out.
    '!../../**/*.test-support.ts',
    // The core declares its own host globals for its no-DOM type check; a project has Node's types instead.
    '!../../core/platform.d.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

const templateSources = import.meta.glob('./template/**/*', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

function rename(sources: Record<string, string>, to: (path: string) => string): ProjectFiles {
  return Object.fromEntries(Object.entries(sources).map(([path, text]) => [to(path), text]));
}

/** `src/core/…`, `src/llm/…`, `src/agent/…` of the project. */
export function libraryFiles(): ProjectFiles {
  return rename(librarySources, (path) => path.replace(/^\.\.\/\.\.\//, 'src/'));
}

/** The fixed files, by their place in the project (`src/executor.ts`, `tests/support/call-tool.ts`, …). */
export function templateFiles(): ProjectFiles {
  return rename(templateSources, (path) => path.replace(/^\.\/template\//, ''));
}
