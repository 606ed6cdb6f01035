// package.json, the run settings and .gitignore of a downloaded project. Its dependencies are what its
// files import (project-dependencies.ts), at the versions this repository is built and tested with.
import type { ProjectDependencies } from './project-dependencies.ts';
import type { ProjectRequest } from './project-types.ts';

/** The project's package.json, with the dependencies its files import. */
export function packageJson(request: ProjectRequest, { dependencies, devDependencies, node }: ProjectDependencies): string {
  const scripts: Record<string, string> = {
    start: 'tsx src/main.ts',
    test: 'tsc -p . && vitest run',
  };
  if (request.flavour === 'mcp') {
    scripts.serve = 'tsx src/serve-mcp.ts';
    scripts['serve:http'] = 'tsx src/serve-mcp-http.ts';
  }
  const manifest = {
    name: request.name,
    version: '0.1.0',
    private: true,
    description: 'Tools exported from Toolscope, with its executor core',
    type: 'module',
    engines: { node },
    scripts,
    dependencies,
    devDependencies,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export function settingsModule(request: ProjectRequest): string {
  const { settings } = request;
  return `// The run settings of the Toolscope workspace this project was downloaded from.
import type { RetryPolicy } from './core/index.ts';

export const settings: { concurrency: number | null; timeoutMs: number; retry: RetryPolicy; maxIterations: number } = ${JSON.stringify(
    { concurrency: settings.concurrency, timeoutMs: settings.timeoutMs, retry: settings.retry, maxIterations: settings.maxIterations },
    null,
    2,
  )};
`;
}

export const gitignore = 'node_modules/\n';
