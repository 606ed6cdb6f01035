// Test-only: type-checks a sample tool's sources the way the code editor does (see
// src/ui/elements/monaco/tool-type-environment.ts): strict TypeScript, zod's own types, the ToolContext global,
// and a global `Input` that is the output type of the tool's schema. So a sample that the editor would
// underline in red fails a unit test instead.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { SampleTool } from './sample-types.ts';
import { typeCheckVirtual } from './virtual-type-check.test-support.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
// Inside the project, so `import { z } from 'zod'` resolves from its node_modules like any import.
const virtualRoot = `${projectRoot}.sample-type-check/`;
const toolContextDeclarations = readFileSync(new URL('../ui/elements/monaco/tool-context.d.ts', import.meta.url), 'utf8');

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  // Only the sample's own files are checked: zod's and the DOM's declarations are trusted.
  skipLibCheck: true,
  // The sandbox is a browser worker: no Node globals such as Buffer or process.
  types: [],
  lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
};

export interface TypeProblem {
  file: 'schema' | 'code';
  line: number;
  message: string;
}

export function typeCheckSample(sample: Pick<SampleTool, 'schemaSource' | 'codeSource'>): TypeProblem[] {
  const files = new Map<string, string>([
    [`${virtualRoot}tools/sample/schema.ts`, sample.schemaSource],
    [`${virtualRoot}tools/sample/code.ts`, sample.codeSource],
    [`${virtualRoot}tool-context.d.ts`, toolContextDeclarations],
    [
      `${virtualRoot}input.d.ts`,
      `import type { output } from 'zod';\nimport type schema from './tools/sample/schema';\ndeclare global {\n  type Input = output<typeof schema>;\n}\n`,
    ],
  ]);
  return typeCheckVirtual(virtualRoot, files, compilerOptions).map(({ fileName, line, message }) => ({
    file: fileName.endsWith('schema.ts') ? 'schema' : 'code',
    line,
    message: `${fileName.replace(virtualRoot, '')}: ${message}`,
  }));
}
