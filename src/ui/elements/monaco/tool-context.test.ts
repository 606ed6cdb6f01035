// The ctx a tool's code gets is written down in five places: the core's ToolContext (what the executor
// passes), the worker's context (what the sandbox builds), this folder's tool-context.d.ts (what the
// editor promises), the text an export declares (tool-export/code/runtime-snippets.ts) and the export's
// member list (tool-export/source/context-members.ts). This holds them to each other, member by member
// and type by type, so none can drift alone. It reads the declarations' syntax (milliseconds), not a
// whole program: the sample type check already compiles real tool code against the editor's file.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { contextMembers } from '../../../tool-export/source/context-members.ts';
import { errorClassDeclarations, fetchResponseDeclaration, toolContextInterface } from '../../../tool-export/code/runtime-snippets.ts';

const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const editorDeclarations = source('./tool-context.d.ts');
const coreDeclarations = source('../../../core/tool-context.ts');
const workerDeclarations = source('../../../sandbox/worker/worker-context.ts');
const exportDeclarations = `${fetchResponseDeclaration}\n${toolContextInterface}`;

/** An interface's members: name → its type as written (parameter names, comments and `readonly` aside). */
function membersOf(text: string, name: string, options: { requiredOnly?: boolean } = {}): Record<string, string> {
  const file = ts.createSourceFile('declarations.ts', text, ts.ScriptTarget.ESNext, true);
  const found = file.statements.find(
    (statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  if (!found) throw new Error(`no interface ${name}`);
  const typeOf = (node: ts.Node | undefined) => (node ? node.getText(file).replace(/\s+/g, ' ') : 'any');
  const members: Record<string, string> = {};
  for (const member of found.members) {
    if (!member.name || (options.requiredOnly && member.questionToken)) continue;
    const key = member.name.getText(file);
    if (ts.isMethodSignature(member)) {
      const parameters = member.parameters.map((parameter) => `${parameter.dotDotDotToken ? '...' : ''}${typeOf(parameter.type)}`);
      members[key] = `(${parameters.join(', ')}) => ${typeOf(member.type)}`;
    } else if (ts.isPropertySignature(member)) members[key] = typeOf(member.type);
  }
  return members;
}

function withoutFetch(members: Record<string, string>): Record<string, string> {
  const { fetch: _fetch, ...rest } = members;
  return rest;
}

/** Every way the other four can disagree with the editor's declarations, in words; none when they agree. */
function disagreements(editorText: string): string[] {
  const editor = membersOf(editorText, 'ToolContext');
  const found: string[] = [];
  // Order aside: the same members with the same types.
  const canonical = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...value].sort() : Object.entries(value as object).sort());
  const compare = (what: string, actual: unknown, expected: unknown) => {
    if (canonical(actual) !== canonical(expected)) found.push(what);
  };
  if (!('fetch' in editor)) found.push("the editor's context has no fetch");
  compare("the core's members every tool gets", membersOf(coreDeclarations, 'ToolContext', { requiredOnly: true }), withoutFetch(editor));
  // The worker's fetch takes more than the editor promises (a URL, a Request-like object): its name is held to it, not its type.
  compare("the worker's context", Object.keys(membersOf(workerDeclarations, 'SandboxToolContext')), Object.keys(editor));
  compare("the worker's members besides fetch", withoutFetch(membersOf(workerDeclarations, 'SandboxToolContext')), withoutFetch(editor));
  compare("an export's context", membersOf(exportDeclarations, 'ToolContext'), editor);
  compare("an export's fetch response", membersOf(exportDeclarations, 'ToolFetchResponse'), membersOf(editorText, 'ToolFetchResponse'));
  compare("the export's member list", contextMembers, Object.keys(editor));
  return found;
}

const errorNames = ['TransientError', 'PermanentError', 'InvalidArgumentsError'];

/** Each error class's fields (its `name` aside), wherever in the text it is declared. */
function errorFieldsOf(text: string): Record<string, string[]> {
  const file = ts.createSourceFile('errors.ts', text, ts.ScriptTarget.ESNext, true);
  const fields: Record<string, string[]> = {};
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) && node.name && errorNames.includes(node.name.text))
      fields[node.name.text] = node.members
        .filter(ts.isPropertyDeclaration)
        .map((member) => member.name.getText(file))
        .filter((field) => field !== 'name')
        .sort();
    ts.forEachChild(node, visit);
  };
  visit(file);
  return fields;
}

describe("a tool's ToolContext is one vocabulary", () => {
  it('the core, the worker, the editor, an export and its member list agree', () => {
    expect(disagreements(editorDeclarations)).toEqual([]);
  });

  it("the 'toolscope' errors the editor declares have the core's fields, and an export writes them so too", () => {
    const core = errorFieldsOf(source('../../../core/errors.ts'));
    expect(Object.keys(core).sort()).toEqual([...errorNames].sort());
    expect(errorFieldsOf(editorDeclarations)).toEqual(core);
    const exported = errorClassDeclarations(errorNames.map((name) => ({ imported: name, local: name, typeOnly: false })));
    expect(errorFieldsOf(exported)).toEqual(core);
  });

  it('a copy that drifts fails, so the check above means something', () => {
    const withoutKey = editorDeclarations.replace(/\n\s*readonly idempotencyKey: string;/, '');
    expect(withoutKey).not.toBe(editorDeclarations);
    expect(disagreements(withoutKey)).toEqual([
      "the core's members every tool gets",
      "the worker's context",
      "the worker's members besides fetch",
      "an export's context",
      "the export's member list",
    ]);
    const sleepTakesText = editorDeclarations.replace('sleep(ms: number)', 'sleep(ms: string)');
    expect(disagreements(sleepTakesText)).toEqual([
      "the core's members every tool gets",
      "the worker's members besides fetch",
      "an export's context",
    ]);
  });
});
