// Test-only: type-checks generated files with the TypeScript compiler against the real packages in
// node_modules (zod, ai, @modelcontextprotocol/sdk, @types/node) and the real src/core. The files are
// virtual: they live in memory under src/.export-check/, so `../core/index.ts` is the repo's core.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
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

const sourceFileCache = new Map<string, ts.SourceFile>();

export interface FileProblem {
  file: string;
  line: number;
  message: string;
}

/** Files by name relative to the virtual root → the errors TypeScript reports in them. */
export function typeCheckFiles(files: Record<string, string>): FileProblem[] {
  const virtual = new Map(Object.entries(files).map(([name, text]) => [`${virtualRoot}${name}`, text]));
  const host = ts.createCompilerHost(compilerOptions);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (fileName) => virtual.has(fileName) || ts.sys.fileExists(fileName);
  host.readFile = (fileName) => virtual.get(fileName) ?? ts.sys.readFile(fileName);
  host.directoryExists = (directory) =>
    virtualRoot.startsWith(`${directory}/`) || directory.startsWith(virtualRoot.slice(0, -1)) || ts.sys.directoryExists(directory);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    const text = virtual.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    let cached = sourceFileCache.get(fileName);
    if (!cached) {
      cached = getSourceFile(fileName, languageVersion, onError);
      if (cached) sourceFileCache.set(fileName, cached);
    }
    return cached;
  };
  const program = ts.createProgram([...virtual.keys()], compilerOptions, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => ({
      file: (diagnostic.file?.fileName ?? '').replace(virtualRoot, '').replace(projectRoot, ''),
      line:
        diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }));
}
