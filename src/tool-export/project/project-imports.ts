// What the files of a downloaded project import, read with a light scan (the page has no TypeScript
// parser): enough for the module syntax this repository's sources use, checked against TypeScript's own
// scanner in project-dependencies.test.ts.
import { posix } from './posix-path.ts';
import type { ProjectFiles } from './project-types.ts';

/** The module specifiers of a module: `import … from`, `export … from`, `import '…'`, `import('…')`. */
export function importedSpecifiers(source: string): string[] {
  const statements = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  return [...source.matchAll(statements)].map((match) => (match[1] ?? match[2]) as string);
}

/** `zod/v4` → `zod`; `@modelcontextprotocol/sdk/server/mcp.js` → `@modelcontextprotocol/sdk`; relative and `node:` → undefined. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The library files the project's own files import, directly or through each other: a copied file that
 * nothing imports (a test double, an adapter the flavour does not use) is left out.
 */
export function usedLibraryFiles(library: ProjectFiles, project: ProjectFiles): ProjectFiles {
  const used: ProjectFiles = {};
  const visit = (from: string, text: string) => {
    for (const specifier of importedSpecifiers(text)) {
      if (!specifier.startsWith('.')) continue;
      const path = posix.join(posix.dirname(from), specifier);
      const target = library[path];
      if (target === undefined || used[path] !== undefined) continue;
      used[path] = target;
      visit(path, target);
    }
  };
  for (const [path, text] of Object.entries(project)) visit(path, text);
  return used;
}
