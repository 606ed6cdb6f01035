import { describe, expect, it } from 'vitest';
import { withoutComments } from './code-text.ts';
import { mergeImports, printImports } from './imports.ts';
import { bindDefaultExport, splitModule } from './module-parts.ts';

describe('splitModule and mergeImports', () => {
  it('takes imports out (multi-line, type-only, default, namespace) and merges them per module', () => {
    const parts = splitModule(
      "import { z } from 'zod';\nimport {\n  type output,\n  ZodError as Failure,\n} from 'zod';\nimport * as all from 'zod';\nimport Thing from 'thing';\nconst a = 1;\n",
    );
    expect(parts.body).toBe('const a = 1;\n');
    expect(printImports(mergeImports([...parts.imports, ...splitModule("import type { z } from 'zod';").imports]))).toBe(
      "import { z, type output, ZodError as Failure } from 'zod';\nimport * as all from 'zod';\nimport Thing from 'thing';",
    );
  });

  it('binds the default export: a named function keeps its name, an expression gets a constant', () => {
    expect(bindDefaultExport('export default async function run(input: Input) {}\n', 'execute')).toEqual({
      ok: true,
      body: 'async function run(input: Input) {}\n',
      name: 'run',
    });
    expect(bindDefaultExport('export const LIMIT = 3;\nexport default z.object({});\n', 'inputSchema')).toEqual({
      ok: true,
      body: 'const LIMIT = 3;\nconst inputSchema = z.object({});\n',
      name: 'inputSchema',
    });
    expect(bindDefaultExport('export default async (input: Input) => input;\n', 'execute')).toMatchObject({
      body: 'const execute = async (input: Input) => input;\n',
    });
    expect(bindDefaultExport('const x = 1;\n', 'execute')).toEqual({ ok: false, message: 'has no `export default`' });
  });

  it('blanks comments but keeps strings, URLs and template literals; blanks strings when asked', () => {
    const source = "const url = 'https://example.com'; // a comment\nconst t = `${a /* inner */}//not a comment`; /* block\nend */ x";
    expect(withoutComments(source)).toBe(
      "const url = 'https://example.com';             \nconst t = `${a            }//not a comment`;         \n       x",
    );
    expect(withoutComments("a('x.y', `t${b.c}u`)", { strings: true })).toBe("a('   ', ` ${b.c} `)");
  });
});
