// Test-only: type-checks files that live in memory under `virtualRoot` with the TypeScript compiler, as if
// they were on disk there (so their imports resolve from the project's node_modules and src). Shared by the
// sample check (type-check-sample.ts) and the export check (src/tool-export/test-support).
import ts from 'typescript';

export interface VirtualProblem {
  /** The file's full (virtual or real) path. */
  fileName: string;
  line: number;
  message: string;
}

// Library files are parsed once per compiler options for the whole test run.
const sourceFileCaches = new WeakMap<ts.CompilerOptions, Map<string, ts.SourceFile>>();

/** Full path → text of the in-memory files; returns the errors TypeScript reports (in them or what they import). */
export function typeCheckVirtual(virtualRoot: string, files: ReadonlyMap<string, string>, options: ts.CompilerOptions): VirtualProblem[] {
  let cache = sourceFileCaches.get(options);
  if (!cache) sourceFileCaches.set(options, (cache = new Map()));
  const sourceFileCache = cache;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (fileName) => files.has(fileName) || ts.sys.fileExists(fileName);
  host.readFile = (fileName) => files.get(fileName) ?? ts.sys.readFile(fileName);
  host.directoryExists = (directory) =>
    virtualRoot.startsWith(`${directory}/`) || directory.startsWith(virtualRoot.slice(0, -1)) || ts.sys.directoryExists(directory);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    const text = files.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    let cached = sourceFileCache.get(fileName);
    if (!cached) {
      cached = getSourceFile(fileName, languageVersion, onError);
      if (cached) sourceFileCache.set(fileName, cached);
    }
    return cached;
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => ({
      fileName: diagnostic.file?.fileName ?? '',
      line:
        diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }));
}
