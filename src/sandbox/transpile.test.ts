import { transform } from 'sucrase';
import { describe, expect, it } from 'vitest';
import { sampleTools } from '../samples/index.ts';
import { decodeMappings } from './source-map.ts';
import { findDefaultExport, maxSourceLength, requiresZod, transpileUserSource, type TranspiledModule } from './transpile.ts';
import {
  buildModuleScript,
  buildWorkerSource,
  positionFromStack,
  toUserPosition,
  userModuleFunctionName,
  userModuleUrl,
} from './worker-source.ts';

function transpiled(source: string): TranspiledModule {
  const result = transpileUserSource(source);
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result;
}

const schemaSource = `import { z } from 'zod';

export default z.object({
  city: z.strin(),
});
`;

describe('transpileUserSource', () => {
  it('strips types and turns imports and exports into CommonJS, keeping line numbers', () => {
    const module = transpiled(
      `import { z } from 'zod';\ninterface Input { a: number }\nexport default async function execute(input: Input): Promise<number> {\n  return z.number().parse(input.a);\n}\n`,
    );
    expect(module.code).toContain("require('zod')");
    expect(module.code).toMatch(/exports\.\s?default = execute/);
    expect(module.code).not.toContain('Promise<number>');
    expect(module.lineCount).toBe(6);
    expect(module.code.split('\n')[3]).toBe('  return _zod.z.number().parse(input.a);');
  });

  it('reports a syntax error with a 1-based line and column and a clean message', () => {
    const result = transpileUserSource(`export default async function execute(input) {\n  return input.a + ;\n}\n`);
    expect(result).toEqual({ ok: false, errors: [{ line: 2, column: 21, message: 'Unexpected token' }] });
  });

  it('refuses sources over the size limit without parsing them', () => {
    const result = transpileUserSource('x'.repeat(maxSourceLength + 1));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ line: 1, column: 1 });
  });
});

describe('findDefaultExport', () => {
  it('points at `export default`', () => {
    expect(findDefaultExport(schemaSource)).toEqual({ line: 3, column: 1 });
    expect(findDefaultExport('const a = 1;\n  export default a;')).toEqual({ line: 2, column: 3 });
  });

  it('falls back to the start', () => {
    expect(findDefaultExport('export const a = 1;')).toEqual({ line: 1, column: 1 });
  });
});

describe('positions in the worker script', () => {
  const module = transpiled(schemaSource);

  it('maps a transpiled column back through the renamed import (`z.strin` became `_zod.z.strin`)', () => {
    const transpiledLine = module.code.split('\n')[3] as string;
    const column = transpiledLine.indexOf('strin') + 1;
    expect(toUserPosition(4, column, module)).toEqual({ line: 4, column: schemaSource.split('\n')[3]!.indexOf('strin') + 1 });
  });

  it('takes the wrapper and the CommonJS preamble off line 1', () => {
    const script = buildWorkerSource(module.code, 'harness();');
    const firstLine = script.split('\n')[0] as string;
    expect(firstLine.startsWith(`function ${userModuleFunctionName}(`)).toBe(true);
    const requireColumn = firstLine.indexOf('require(') + 1;
    // `require('zod')` stands for the import declaration, which starts at column 1.
    expect(toUserPosition(1, requireColumn, module)?.line).toBe(1);
  });

  it('ignores frames of the harness: in its own script, or after the user module in a cold worker', () => {
    const stack = [
      'TypeError: _zod.z.strin is not a function',
      `    at harnessFunction (blob:null/abc:1:10)`,
      `    at harnessFunction (${userModuleUrl}:${module.lineCount + 5}:10)`,
      `    at ${userModuleFunctionName} (${userModuleUrl}:4:22)`,
      `    at ${userModuleUrl}:${module.lineCount + 9}:3`,
    ].join('\n');
    expect(positionFromStack(stack, module)).toMatchObject({ line: 4 });
    expect(positionFromStack('Error: x\n    at blob:null/abc:2:1', module)).toBeUndefined();
    expect(positionFromStack(`Error: x\n    at ${userModuleUrl}:900:1`, module)).toBeUndefined();
    expect(positionFromStack(undefined, module)).toBeUndefined();
  });

  it('names the module script so its frames can be told apart, and keeps its lines', () => {
    const script = buildModuleScript(module.code);
    expect(script.split('\n').slice(1, module.lineCount)).toEqual(module.code.split('\n').slice(1));
    expect(script.trimEnd().endsWith(`//# sourceURL=${userModuleUrl}`)).toBe(true);
  });

  it('keeps the user module first so its line N is the script line N', () => {
    const script = buildWorkerSource(module.code, 'harness();');
    expect(script.split('\n').slice(1, module.lineCount)).toEqual(module.code.split('\n').slice(1));
  });
});

describe('requiresZod', () => {
  it('tells a module that imports zod (any style) from one that does not', () => {
    const importing = [
      "import { z } from 'zod';\nexport default z;",
      'import z from "zod";\nexport default z;',
      "import * as zod from 'zod/v4';\nexport default zod;",
    ];
    for (const source of importing) expect(requiresZod(transpiled(source).code), source).toBe(true);
    const notImporting = [
      "import { defineTool } from 'toolscope';\nexport default defineTool;",
      "export default 'zod';",
      "import x from 'zodiac';\nexport default x;",
      // An import used only as a type is gone after transpiling: no zod to load.
      "import type { z } from 'zod';\nexport default 1 as unknown as z.ZodString;",
    ];
    for (const source of notImporting) expect(requiresZod(transpiled(source).code), source).toBe(false);
  });
});

describe('the column map, worked out only when an error needs it', () => {
  it('is the map of the very code the module runs, for every sample tool', () => {
    for (const tool of sampleTools)
      for (const source of [tool.schemaSource, tool.codeSource]) {
        const module = transpiled(source);
        const withMap = transform(source, {
          transforms: ['typescript', 'imports'],
          production: true,
          filePath: 'tool.ts',
          sourceMapOptions: { compiledFilename: 'tool.js' },
        });
        expect(module.code).toBe(withMap.code);
        expect(module.columnMap).toEqual(decodeMappings(withMap.sourceMap?.mappings ?? ''));
      }
  });
});
