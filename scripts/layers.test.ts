// The layer rules are only worth having if a wrong import fails lint: this lints imports that break
// them (and one that keeps them) with the project's own ESLint config.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

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

  it('an import down the layers passes', async () => {
    expect(
      await boundaryErrors('src/session/fine.ts', "import { ToolExecutor } from '../core/index.ts';\nexport const fine = ToolExecutor;\n"),
    ).toEqual([]);
  });
});
