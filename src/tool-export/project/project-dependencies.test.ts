import { posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy } from '../../core/index.ts';
import { sampleTools } from '../../samples/index.ts';
import { libraryFiles, templateFiles } from './library-sources.ts';
import { MissingDependencyError, projectDependencies, scriptTools } from './project-dependencies.ts';
import { packageOf } from './project-imports.ts';
import { projectFiles } from './project-files.ts';
import type { ProjectFiles, ProjectFlavour } from './project-types.ts';

// Issue 26: the downloaded project listed zod alone, while the sources it copies import randexp and
// eventsource-parser, so a clean `npm install && npm start` failed. Its dependencies now come from what its
// files import; this fast check reads every file's imports with TypeScript's own scanner (not the
// builder's) and holds them against package.json. `npm run test:export-projects` installs it for real.

const flavours: ProjectFlavour[] = ['plain', 'ai-sdk', 'mcp'];

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  engines: Record<string, string>;
}

function project(flavour: ProjectFlavour): { files: ProjectFiles; manifest: Manifest } {
  const files = projectFiles(
    {
      name: 'check',
      flavour,
      tools: sampleTools,
      settings: { concurrency: 4, timeoutMs: 10_000, retry: defaultRetryPolicy, maxIterations: 8 },
    },
    libraryFiles(),
    templateFiles(),
  );
  return { files, manifest: JSON.parse(files['package.json'] ?? '{}') as Manifest };
}

/** Every import of a file, type-only ones included (tsc resolves those too), by TypeScript's scanner. */
const importsOf = (text: string) => ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
const isCode = (path: string) => /\.(ts|mts|mjs|js)$/.test(path);

describe.each(flavours)('the %s project', (flavour) => {
  const { files, manifest } = project(flavour);

  it('lists every package its files import, runtime ones as dependencies, and no others', () => {
    const { dependencies } = manifest;
    const all = { ...dependencies, ...manifest.devDependencies };
    const used = new Set<string>(scriptTools);
    for (const [path, text] of Object.entries(files).filter(([path]) => isCode(path)))
      for (const name of importsOf(text).map(packageOf)) {
        if (name === undefined) continue;
        used.add(name);
        expect(Object.keys(path.startsWith('src/') ? dependencies : all), `${path} imports ${name}`).toContain(name);
      }
    expect(Object.keys(all).sort()).toEqual([...used].sort());
  });

  it('ships only what it runs: every copied library file is imported by the project, so no test double comes along', () => {
    const library = Object.keys(files).filter((path) => /^src\/(core|llm|agent)\//.test(path));
    const reached = new Set<string>();
    const visit = (path: string) => {
      if (reached.has(path) || files[path] === undefined) return;
      reached.add(path);
      for (const specifier of importsOf(files[path] as string))
        if (specifier.startsWith('.')) visit(posix.normalize(posix.join(posix.dirname(path), specifier)));
    };
    for (const path of Object.keys(files).filter((path) => isCode(path) && !library.includes(path))) visit(path);
    expect(library.filter((path) => !reached.has(path))).toEqual([]);
    expect(library.filter((path) => /fake-fetch|anthropic-stream\.test|test-support|\.test\./.test(path))).toEqual([]);
  });
});

describe('projectDependencies', () => {
  it('asks for the Node version the flavour needs: ai 7 needs 22', () => {
    expect(project('ai-sdk').manifest.engines).toEqual({ node: '>=22' });
    expect(project('plain').manifest.engines).toEqual({ node: '>=20.19' });
    expect(project('mcp').manifest.engines).toEqual({ node: '>=20.19' });
  });

  it('fails the build, naming the file, when a copied source imports a package Toolscope does not list', () => {
    const build = () => projectDependencies({ 'src/llm/extra.ts': "import { thing } from 'left-pad-unknown/sub';\n" });
    expect(build).toThrow(MissingDependencyError);
    expect(build).toThrow('src/llm/extra.ts imports "left-pad-unknown"');
  });
});
