// Test-only: type-checks generated files with the TypeScript compiler against the real packages in
// node_modules (zod, ai, @modelcontextprotocol/sdk, @types/node) and the real src/core. The files are
// virtual: they live in memory under src/.export-check/, so `../core/index.ts` is the repo's core.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { typeCheckVirtual } from '../samples/virtual-type-check.test-support.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const virtualRoot = `${projectRoot}src/.export-check/`;

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  // The libraries' own declarations are trusted; only the generated files (and what they import) count.
  skipLibCheck: true,
  // A server-side module: Node's globals (process, fetch), no DOM.
  types: ['node'],
  lib: ['lib.es2023.d.ts'],
};

export interface FileProblem {
  file: string;
  line: number;
  message: string;
}

/** Files by name relative to the virtual root → the errors TypeScript reports in them. */
export function typeCheckFiles(files: Record<string, string>): FileProblem[] {
  const virtual = new Map(Object.entries(files).map(([name, text]) => [`${virtualRoot}${name}`, text]));
  return typeCheckVirtual(virtualRoot, virtual, compilerOptions).map(({ fileName, line, message }) => ({
    file: fileName.replace(virtualRoot, '').replace(projectRoot, ''),
    line,
    message,
  }));
}
