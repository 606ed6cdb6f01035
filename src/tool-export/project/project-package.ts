// package.json, the run settings and .gitignore of a downloaded project. Versions are the ones this
// repository is built and tested with, read from its own package.json.
import repository from '../../../package.json';
import type { ProjectFlavour, ProjectRequest } from './project-types.ts';

type Versions = Record<string, string>;
const dependencies = repository.dependencies as Versions;
const devDependencies = repository.devDependencies as Versions;

function pick(from: Versions, names: string[]): Versions {
  return Object.fromEntries(names.map((name) => [name, from[name] ?? 'latest']));
}

const flavourDependencies: Record<ProjectFlavour, string[]> = { plain: [], 'ai-sdk': ['ai'], mcp: ['@modelcontextprotocol/sdk'] };

export function packageJson(request: ProjectRequest): string {
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
    engines: repository.engines,
    scripts,
    dependencies: { ...pick(dependencies, ['zod']), ...pick(devDependencies, flavourDependencies[request.flavour]) },
    devDependencies: pick(devDependencies, ['@types/node', 'tsx', 'typescript', 'vitest']),
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
