// Gives the Monaco TypeScript service what a tool's code needs to type-check: zod's own declarations
// (so `import { z } from 'zod'` resolves in the schema editor) and, for the selected tool, the global
// `Input` type derived from its schema plus the `ToolContext` the sandbox passes to `execute`.
import type { typescript as TypeScriptApi } from './setup-monaco.ts';
import toolContextDeclarations from './tool-context.d.ts?raw';

type TypeScriptLanguage = typeof TypeScriptApi;

// zod's declaration files, bundled as text with the lazy editor chunk (~390 kB before compression).
// Locales are left out: they only declare message tables and would double the size.
const zodDeclarations = import.meta.glob(
  ['/node_modules/zod/index.d.ts', '/node_modules/zod/package.json', '/node_modules/zod/v4/**/*.d.ts', '!**/locales/**'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

function inputDeclaration(toolId: string | null): string {
  if (!toolId) return 'declare global { type Input = Record<string, unknown>; }\nexport {};\n';
  return [
    `import type { output } from 'zod';`,
    `import type schema from '../tools/${toolId}/schema';`,
    '',
    'declare global {',
    '  /** The arguments after validation: the output type of the schema in the Schema tab. */',
    '  type Input = output<typeof schema>;',
    '}',
    '',
  ].join('\n');
}

/** Points the global `Input` type at the selected tool's schema and installs zod and ToolContext types. */
export function applyToolTypeEnvironment(typescript: TypeScriptLanguage, selectedToolId: string | null): void {
  const libraries = Object.entries(zodDeclarations).map(([path, content]) => ({ filePath: `file://${path}`, content }));
  libraries.push({ filePath: 'file:///toolscope/tool-context.d.ts', content: toolContextDeclarations });
  libraries.push({ filePath: 'file:///toolscope/input.d.ts', content: inputDeclaration(selectedToolId) });
  typescript.typescriptDefaults.setExtraLibs(libraries);
}
