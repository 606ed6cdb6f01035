// The ctx a tool's code gets is written down in five places: the core's ToolContext (what the executor
// passes), the worker's context (what the sandbox builds), this folder's tool-context.d.ts (what the
// editor promises), the text an export declares (tool-export/code/runtime-snippets.ts) and the export's
// member list (tool-export/source/context-members.ts). This checks, with the TypeScript compiler, that
// they agree, so none can drift alone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { typeCheckVirtual } from '../../../samples/virtual-type-check.test-support.ts';
import { errorClassDeclarations, fetchResponseDeclaration, toolContextInterface } from '../../../tool-export/code/runtime-snippets.ts';

const virtualRoot = `${fileURLToPath(new URL('../../../', import.meta.url))}.tool-context-check/`;
// As the editor checks tool code (strict, the DOM a worker has), plus the repo's own `.ts` imports.
const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  types: [],
  lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
};

const editorDeclarations = readFileSync(new URL('./tool-context.d.ts', import.meta.url), 'utf8');
const errorNames = ['TransientError', 'PermanentError', 'InvalidArgumentsError'];

const exportedModule = [
  fetchResponseDeclaration,
  toolContextInterface,
  errorClassDeclarations(errorNames.map((name) => ({ imported: name, local: name, typeOnly: false }))),
  'export type { ToolContext as ExportedContext, ToolFetchResponse as ExportedResponse };',
  `export { ${errorNames.join(', ')} };`,
].join('\n\n');

// Each constant only type-checks while the two sides it names agree.
const agreement = `import { InvalidArgumentsError, PermanentError, TransientError, type ToolContext as CoreContext } from '../core/index.ts';
import type { SandboxToolContext } from '../sandbox/worker/worker-context.ts';
import type { contextMembers } from '../tool-export/source/context-members.ts';
import type { ExportedContext, ExportedResponse } from './exported.ts';
import * as exported from './exported.ts';
import type * as declared from 'toolscope';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type CoreMembers = Exclude<keyof ToolContext, 'fetch'>;

export const editorNamesEveryMemberTheCoreAlwaysPasses: Same<CoreMembers, RequiredKeys<CoreContext>> = true;
export const editorTypesThemAsTheCoreDoes: Same<Pick<ToolContext, CoreMembers>, Pick<CoreContext, CoreMembers>> = true;
export const workerBuildsTheMembersTheEditorNames: Same<keyof SandboxToolContext, keyof ToolContext> = true;
export const workerGivesWhatTheEditorPromises: ToolContext = {} as SandboxToolContext;
export const exportDeclaresTheEditorsContext: Same<ExportedContext, ToolContext> = true;
export const exportDeclaresTheEditorsResponse: Same<ExportedResponse, ToolFetchResponse> = true;
export const memberListNamesTheEditorsMembers: Same<(typeof contextMembers)[number], keyof ToolContext> = true;
export const toolscopeErrorsAreTheCores: [typeof declared.TransientError, typeof declared.PermanentError, typeof declared.InvalidArgumentsError] = [TransientError, PermanentError, InvalidArgumentsError];
export const exportedErrorsAreAsDeclared: [typeof declared.TransientError, typeof declared.PermanentError, typeof declared.InvalidArgumentsError] = [exported.TransientError, exported.PermanentError, exported.InvalidArgumentsError];
`;

/** What fails to type-check: the agreement's constants by name, anything else by file and message. */
function problems(declarations: string): string[] {
  const files = new Map([
    [`${virtualRoot}tool-context.d.ts`, declarations],
    [`${virtualRoot}exported.ts`, exportedModule],
    [`${virtualRoot}agreement.ts`, agreement],
  ]);
  const agreementLines = agreement.split('\n');
  return typeCheckVirtual(virtualRoot, files, compilerOptions).map(({ fileName, line, message }) =>
    fileName.endsWith('agreement.ts')
      ? (/export const (\w+)/.exec(agreementLines[line - 1] ?? '')?.[1] ?? `agreement.ts:${line}: ${message}`)
      : `${fileName.replace(virtualRoot, '')}:${line}: ${message}`,
  );
}

/** The members of an interface in a declaration text, printed without comments or `readonly`. */
function membersOf(text: string, name: string): string[] {
  const file = ts.createSourceFile('members.ts', text, ts.ScriptTarget.ESNext, true);
  const found = file.statements.find(
    (statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  if (!found) throw new Error(`no interface ${name}`);
  return found.members.map((member) =>
    member
      .getText(file)
      .replace(/^(?:\/\*\*[\s\S]*?\*\/\s*)?(?:readonly\s+)?/, '')
      .replace(/\s+/g, ' '),
  );
}

describe("a tool's ToolContext is one vocabulary", { timeout: 60_000 }, () => {
  it('the core, the worker, the editor, an export and its member list agree', () => {
    expect(problems(editorDeclarations)).toEqual([]);
  });

  it("an export declares the editor's members word for word (comments aside)", () => {
    for (const name of ['ToolContext', 'ToolFetchResponse'])
      expect(membersOf(`${fetchResponseDeclaration}\n${toolContextInterface}`, name)).toEqual(membersOf(editorDeclarations, name));
  });

  it('a copy that drifts fails, so the checks above mean something', () => {
    const withoutKey = editorDeclarations.replace(/\n\s*readonly idempotencyKey: string;/, '');
    expect(withoutKey).not.toBe(editorDeclarations);
    expect(problems(withoutKey)).toEqual([
      'editorNamesEveryMemberTheCoreAlwaysPasses',
      'workerBuildsTheMembersTheEditorNames',
      'exportDeclaresTheEditorsContext',
      'memberListNamesTheEditorsMembers',
    ]);
  });
});
