// Every file of a downloaded project, by path: generated (package.json, tools, tests, README) and copied
// (the core, the model adapters, the agent loop, the fixed files of ./template).
import { gitignore, packageJson, settingsModule } from './project-package.ts';
import { projectDependencies } from './project-dependencies.ts';
import { usedLibraryFiles } from './project-imports.ts';
import { projectReadme } from './project-readme.ts';
import { toolFiles } from './project-tools.ts';
import type { ProjectFiles, ProjectFlavour, ProjectRequest } from './project-types.ts';

/** Template files each flavour leaves out, and the one that becomes its src/main.ts. */
const flavourLayout: Record<ProjectFlavour, { main: string; leaveOut: string[] }> = {
  plain: {
    main: 'src/main-plain.ts',
    leaveOut: [
      'src/main-ai-sdk.ts',
      'src/ai-sdk-tools.ts',
      'src/mock-model.ts',
      'tests/ai-sdk.test.ts',
      'src/mcp-server.ts',
      'src/serve-mcp.ts',
      'src/serve-mcp-http.ts',
      'src/event-store.ts',
      'tests/mcp-server.test.ts',
    ],
  },
  'ai-sdk': {
    main: 'src/main-ai-sdk.ts',
    leaveOut: [
      'src/main-plain.ts',
      'src/mcp-server.ts',
      'src/serve-mcp.ts',
      'src/serve-mcp-http.ts',
      'src/event-store.ts',
      'tests/mcp-server.test.ts',
    ],
  },
  mcp: { main: 'src/main-plain.ts', leaveOut: ['src/main-ai-sdk.ts', 'src/ai-sdk-tools.ts', 'src/mock-model.ts', 'tests/ai-sdk.test.ts'] },
};

export function projectFiles(request: ProjectRequest, library: ProjectFiles, template: ProjectFiles): ProjectFiles {
  const layout = flavourLayout[request.flavour];
  const files: ProjectFiles = {};
  for (const [path, text] of Object.entries(template)) {
    if (layout.leaveOut.includes(path)) continue;
    if (path === layout.main) files['src/main.ts'] = text;
    else if (!path.startsWith('src/main-')) files[path] = text;
  }
  const own: ProjectFiles = { ...files, '.gitignore': gitignore, 'src/settings.ts': settingsModule(request), ...toolFiles(request) };
  // Of the library, only what the project's own files use (the AI SDK flavour needs no agent loop).
  const project: ProjectFiles = { ...usedLibraryFiles(library, own), ...own };
  const dependencies = projectDependencies(project);
  project['README.md'] = projectReadme(request, project, dependencies.node);
  return { ...project, 'package.json': packageJson(request, dependencies) };
}
