// A downloaded project's dependencies, derived from what its files import: a package imported under src/
// is a dependency, one imported only by tests (or their config) a dev dependency, plus the tools its
// scripts run. Versions are the ranges this repository is built with; `engines` is the highest Node
// version any of them (and what they install) asks for. A file importing a package this repository does
// not list fails the build of the zip, naming both.
import projectPackages from 'virtual:toolscope-project-packages';
import { importedSpecifiers, packageOf } from './project-imports.ts';
import type { ProjectFiles } from './project-types.ts';

/** What `npm start` and `npm test` run (tsx, tsc, vitest), and the Node types the tsconfig names. */
export const scriptTools = ['@types/node', 'tsx', 'typescript', 'vitest'];

export class MissingDependencyError extends Error {
  constructor(
    readonly file: string,
    readonly packageName: string,
  ) {
    super(
      `${file} imports "${packageName}", which is not a dependency of Toolscope (package.json): the project could not list its version`,
    );
  }
}

export interface ProjectDependencies {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  /** `>=22` */
  node: string;
}

const isCode = (path: string) => /\.(?:[cm]?[jt]s|tsx)$/.test(path);

export function projectDependencies(files: ProjectFiles): ProjectDependencies {
  const runtime = new Set<string>();
  const development = new Set(scriptTools);
  for (const [file, text] of Object.entries(files)) {
    if (!isCode(file)) continue;
    for (const name of importedSpecifiers(text).map(packageOf)) {
      if (name === undefined) continue;
      if (!projectPackages[name]) throw new MissingDependencyError(file, name);
      (file.startsWith('src/') ? runtime : development).add(name);
    }
  }
  const versions = (names: Iterable<string>) =>
    Object.fromEntries([...names].sort().map((name) => [name, projectPackages[name]?.version ?? '']));
  const floors = [...runtime, ...development].map((name) => projectPackages[name]?.node).filter((node): node is string => !!node);
  const highest = floors.sort((left, right) => right.localeCompare(left, 'en', { numeric: true }))[0] ?? '20';
  return {
    dependencies: versions(runtime),
    devDependencies: versions([...development].filter((name) => !runtime.has(name))),
    node: `>=${highest}`,
  };
}
