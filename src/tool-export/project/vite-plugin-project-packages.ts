import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// What a downloaded project may depend on, read at build time from this repository's package.json (the
// version ranges it is built and tested with) and package-lock.json (the Node versions each package and
// everything it installs ask for). Served as `virtual:toolscope-project-packages`; the zip builder picks
// the packages the copied sources import (project-dependencies.ts). Wired in vite.config.ts.

export const projectPackagesModule = 'virtual:toolscope-project-packages';
const resolvedId = `\0${projectPackagesModule}`;

const packageJsonPath = fileURLToPath(new URL('../../../package.json', import.meta.url));
const lockPath = fileURLToPath(new URL('../../../package-lock.json', import.meta.url));

export interface ProjectPackage {
  /** The range this repository asks for. */
  version: string;
  /** The lowest Node version the package and everything it installs accept (`22`, `20.19.0`), if any says. */
  node?: string;
}

interface LockEntry {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The lowest version a range accepts: `^20.19.0 || >=22.12.0` → [20, 19, 0]. */
export function lowestVersion(range: string): number[] | undefined {
  const lows = range
    .split('||')
    .map((alternative) => /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(alternative))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)]);
  return lows.sort(compareVersions)[0];
}

export function compareVersions(left: readonly number[], right: readonly number[]): number {
  for (let index = 0; index < 3; index++) if ((left[index] ?? 0) !== (right[index] ?? 0)) return (left[index] ?? 0) - (right[index] ?? 0);
  return 0;
}

/** Where npm installed `name` for the package at `from` (its own node_modules, then each parent's). */
function installedAt(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let base = from; ; base = base.slice(0, Math.max(base.lastIndexOf('/node_modules/'), 0))) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
  }
}

/** The highest of the lowest Node versions a package and its whole install ask for. */
function nodeFloor(packages: Record<string, LockEntry>, root: string): number[] | undefined {
  let floor: number[] | undefined;
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const entry = packages[path];
    const low = entry?.engines?.node ? lowestVersion(entry.engines.node) : undefined;
    if (low && (!floor || compareVersions(low, floor) > 0)) floor = low;
    for (const name of Object.keys({ ...entry?.dependencies, ...entry?.peerDependencies })) {
      const installed = installedAt(packages, path, name);
      if (installed) visit(installed);
    }
  };
  visit(root);
  return floor;
}

export function readProjectPackages(): Record<string, ProjectPackage> {
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as Record<string, Record<string, string> | undefined>;
  const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
  const ranges = { ...manifest.devDependencies, ...manifest.dependencies };
  return Object.fromEntries(
    Object.entries(ranges).map(([name, version]) => {
      const floor = nodeFloor(lock.packages, `node_modules/${name}`);
      const node = floor && floor.join('.').replace(/(\.0)+$/, '');
      return [name, node ? { version, node } : { version }];
    }),
  );
}

export function projectPackages(): Plugin {
  return {
    name: 'toolscope:project-packages',
    resolveId: (source) => (source === projectPackagesModule ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(packageJsonPath);
      this.addWatchFile(lockPath);
      return `export default ${JSON.stringify(readProjectPackages())};`;
    },
  };
}
