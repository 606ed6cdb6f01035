// The layer rules are only worth having if a wrong import fails lint: this lints imports that break
// them (and ones that keep them) with the project's own ESLint config, and holds the map in
// docs/ARCHITECTURE.md to layers.config.js.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layerImports } from '../layers.config.js';

const eslint = new ESLint();

async function errorsOf(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

const boundaryErrors = (filePath: string, code: string) => errorsOf('boundaries/dependencies', filePath, code);
const importErrors = (filePath: string, code: string) => errorsOf('@typescript-eslint/no-restricted-imports', filePath, code);

/** A module at `filePath` that imports the app's root component. */
const importsApp = (filePath: string) =>
  `import { App } from './${relative(dirname(filePath), 'src/ui/App.tsx')}';\nexport const wrong = App;\n`;

// ESLint loads its whole config (and typescript-eslint) on the first lint: slow on a busy machine.
describe('layer rules (eslint-plugin-boundaries)', { timeout: 30_000 }, () => {
  it('a lower layer importing a higher one fails lint', async () => {
    expect(
      await boundaryErrors('src/core/wrong.ts', "import { Session } from '../session/index.ts';\nexport const wrong = Session;\n"),
    ).toEqual([expect.stringContaining('"core" to elements of type "session"')]);
    expect(
      await boundaryErrors(
        'src/samples/wrong.ts',
        "import { createDefaultWorkspace } from '../workspace/default-workspace.ts';\nexport const wrong = createDefaultWorkspace;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/session/wrong.ts',
        "import { createAppStore } from '../store/create-app-store.ts';\nexport const wrong = createAppStore;\n",
      ),
    ).toHaveLength(1);
  });

  it('the MCP layer sees only the core, and the run layer does not reach into it', async () => {
    expect(
      await boundaryErrors('src/mcp/wrong.ts', "import { Session } from '../session/index.ts';\nexport const wrong = Session;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/session/wrong.ts', "import { McpServers } from '../mcp/index.ts';\nexport const wrong = McpServers;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/mcp/fine.ts', "import { ToolExecutor } from '../core/index.ts';\nexport const fine = ToolExecutor;\n"),
    ).toEqual([]);
  });

  it('an import down the layers passes', async () => {
    expect(
      await boundaryErrors('src/session/fine.ts', "import { ToolExecutor } from '../core/index.ts';\nexport const fine = ToolExecutor;\n"),
    ).toEqual([]);
  });

  // The old ignore (`**/*test-*.ts`) let session/test-call-run.ts, session/test-suite-run.ts and
  // assertions/vitest-export.ts import the UI: only tests and *.test-support.ts are exempt now.
  it('a production file under src importing the UI fails lint, whatever its name', async () => {
    for (const filePath of [
      'src/session/trial-call-run.ts',
      'src/session/test-call-run.ts',
      'src/assertions/vitest-export.ts',
      'src/samples/test-support/helper.ts',
      'src/llm/fake-fetch.ts',
    ])
      expect(await boundaryErrors(filePath, importsApp(filePath)), filePath).toEqual([expect.stringContaining('elements of type "ui"')]);
    expect(await boundaryErrors('src/session/run.test-support.ts', importsApp('src/session/run.test-support.ts'))).toEqual([]);
    expect(await boundaryErrors('src/session/run.test.ts', importsApp('src/session/run.test.ts'))).toEqual([]);
  });

  it('a production file importing test support fails lint, so no production file can hide behind that name', async () => {
    const code = "import { getWeather } from './in-process-tools.test-support.ts';\nexport const wrong = getWeather;\n";
    expect(await importErrors('src/session/executor-for.ts', code)).toEqual([expect.stringContaining('test support')]);
    expect(await importErrors('src/session/executor-for.test.ts', code)).toEqual([]);
  });
});

describe('only containers read the store', { timeout: 30_000 }, () => {
  const readsStore = "import { useAppStore } from '../../store-context.tsx';\nexport const reads = useAppStore;\n";

  it('a panel, a view, a model file or a shared element importing the store fails lint', async () => {
    for (const filePath of ['src/ui/features/tools/ToolList.tsx', 'src/ui/features/mcp/mcp-list-items.ts', 'src/ui/elements/Dialog.tsx'])
      expect(await importErrors(filePath, readsStore), filePath).toEqual([expect.stringContaining('Only containers')]);
    const sliceValue =
      "import { createWorkspaceSlice } from '../../../store/workspace-slice.ts';\nexport const reads = createWorkspaceSlice;\n";
    expect(await importErrors('src/ui/features/editor/ToolSettingsForm.tsx', sliceValue)).toHaveLength(1);
    const storeHandle = "import type { AppStore } from '../../../store/create-app-store.ts';\nexport type Reads = AppStore;\n";
    expect(await importErrors('src/ui/features/timeline/CallsTable.tsx', storeHandle)).toHaveLength(1);
  });

  it("containers and store hooks may read it, and a panel may name the store's types", async () => {
    expect(await importErrors('src/ui/features/tools/ToolsContainer.tsx', readsStore)).toEqual([]);
    expect(await importErrors('src/ui/features/timeline/use-live-timeline.ts', readsStore)).toEqual([]);
    const sliceType = "import type { ToolPatch } from '../../../store/workspace-slice.ts';\nexport type Patch = ToolPatch;\n";
    expect(await importErrors('src/ui/features/editor/ToolSettingsForm.tsx', sliceType)).toEqual([]);
  });
});

describe("docs/ARCHITECTURE.md's layer table", () => {
  it('says what layers.config.js enforces, layer by layer', () => {
    const text = readFileSync(new URL('../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
    const table = text.slice(text.indexOf('| layer'), text.indexOf('\n\n', text.indexOf('| layer')));
    const rows = table
      .split('\n')
      .slice(2)
      .map((row) => row.split('|').map((cell) => cell.trim()))
      .map(([, layer = '', imports = '']) => [layer, imports === '—' ? [] : imports.split(',').map((name) => name.trim())] as const);
    expect(Object.fromEntries(rows.map(([layer, imports]) => [layer, [...imports].sort()]))).toEqual(
      Object.fromEntries(Object.entries(layerImports).map(([layer, imports]) => [layer, [...imports].sort()])),
    );
  });
});

describe('test support is named one way', () => {
  it('a file under src that only tests (and test support) import is named *.test-support.ts', () => {
    const isTest = (file: string) => /\.test\.tsx?$|\.test-support\.tsx?$|^e2e\//.test(file);
    const importers = new Map<string, string[]>();
    const files = sourceFiles(['src', 'e2e', 'bench', 'scripts']);
    // The build's own config imports Vite plugins from src/: it counts as production.
    const configs = ['vite.config.ts', 'playwright.config.ts', 'vitest.mutation.config.ts'].filter((file) => existsSync(file));
    for (const file of [...files, ...configs])
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)/g)) {
        const target = join(dirname(file), specifier as string);
        importers.set(target, [...(importers.get(target) ?? []), file]);
      }
    const onlyTestsImport = files.filter((file) => {
      const by = importers.get(file) ?? [];
      return file.startsWith('src/') && !isTest(file) && by.length > 0 && by.every(isTest);
    });
    expect(onlyTestsImport).toEqual([]);
  });
});

function sourceFiles(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .map((name) => join(folder, name))
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('node_modules')),
  );
}
