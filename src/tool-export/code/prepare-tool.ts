// A tool's two modules (Schema and Code) as pieces of one generated file: merged imports, the schema
// bound to a local constant, `Input` declared from it, and the code with its execute function named.
import type { ExportableTool } from '../export-types.ts';
import { camelCase, topLevelNames } from '../source/code-text.ts';
import { contextMembersUsed, type ContextMember } from '../source/context-members.ts';
import { mergeImports, namedImport, takeToolscopeImports } from '../source/imports.ts';
import { bindDefaultExport, splitModule, type ImportBinding, type ImportStatement } from '../source/module-parts.ts';

export interface PreparedTool {
  tool: ExportableTool;
  /** `get_weather` → `getWeather`: the name of the generated binding. */
  identifier: string;
  imports: ImportStatement[];
  /** Names the code imported from the editor's 'toolscope' module; each target supplies them. */
  toolscopeNames: ImportBinding[];
  /** Declarations of the schema module, ending with `<schemaName> = …` and `type Input = …`. */
  schemaPart: string;
  /** The code module with its default export bound to `executeName`. */
  codePart: string;
  schemaName: string;
  executeName: string;
  declaresToolContext: boolean;
  membersUsed: Set<ContextMember>;
  /** The code mentions `fetch` at all (a context member or not): the context must offer it. */
  mentionsFetch: boolean;
  /** What kept the tool from being exported as written; the file then carries them as comments. */
  problems: string[];
}

function freshName(base: string, taken: Set<string>): string {
  let name = base;
  for (let counter = 2; taken.has(name); counter++) name = `${base}${counter}`;
  return name;
}

export function prepareTool(tool: ExportableTool, options: { exportSchema?: boolean } = {}): PreparedTool {
  const schemaModule = splitModule(tool.schemaSource);
  const codeModule = splitModule(tool.codeSource);
  const schemaNames = topLevelNames(schemaModule.body);
  const codeNames = topLevelNames(codeModule.body);
  const taken = new Set([...schemaNames, ...codeNames]);
  const schemaName = freshName('inputSchema', taken);
  const problems: string[] = [];

  // Two modules become one scope: if they declare the same name, the schema keeps its own in a function.
  const clash = [...schemaNames].some((name) => codeNames.has(name));
  const keyword = options.exportSchema ? 'export const' : 'const';
  let schemaPart: string;
  const boundSchema = bindDefaultExport(schemaModule.body, schemaName, { asReturn: clash });
  if (!boundSchema.ok) {
    problems.push(`The Schema tab ${boundSchema.message}.`);
    schemaPart = `${keyword} ${schemaName} = z.object({});`;
  } else if (clash) schemaPart = `${keyword} ${schemaName} = (() => {\n${boundSchema.body.trimEnd()}\n})();`;
  else schemaPart = boundSchema.body.trimEnd().replace(`const ${schemaName} = `, `${keyword} ${schemaName} = `);
  if (!codeNames.has('Input') && !schemaNames.has('Input'))
    schemaPart += `\n\n/** The arguments after validation (the Code editor's global \`Input\`). */\ntype Input = z.output<typeof ${schemaName}>;`;

  const boundCode = bindDefaultExport(codeModule.body, 'execute');
  let codePart = boundCode.ok ? boundCode.body.trimEnd() : codeModule.body.trimEnd();
  const executeName = boundCode.ok ? boundCode.name : 'execute';
  if (!boundCode.ok) {
    problems.push(`The Code tab ${boundCode.message}.`);
    codePart += `\n\nasync function execute(_input: Input, _ctx: ToolContext): Promise<unknown> {\n  throw new Error('The tool has no execute function');\n}`;
  }

  const { rest, toolscopeNames } = takeToolscopeImports([...schemaModule.imports, ...codeModule.imports]);
  // `Input` is declared with `z.output`, so `z` must be bound (the modules almost always import it already).
  const bindsZ = rest.some(
    (statement) =>
      statement.defaultName === 'z' || statement.namespaceName === 'z' || statement.named.some((binding) => binding.local === 'z'),
  );
  return {
    tool,
    identifier: camelCase(tool.name),
    imports: mergeImports(bindsZ ? rest : [namedImport('zod', ['z']), ...rest]),
    toolscopeNames,
    schemaPart,
    codePart,
    schemaName,
    executeName,
    declaresToolContext: codeNames.has('ToolContext'),
    membersUsed: contextMembersUsed(tool.codeSource),
    mentionsFetch: /\bfetch\b/.test(tool.codeSource),
    problems,
  };
}

/** Several tools for one file: `get_weather` and `get-weather` would both be `getWeather`, so the second gets `getWeather2`. */
export function prepareTools(tools: readonly ExportableTool[], options: { exportSchema?: boolean } = {}): PreparedTool[] {
  const taken = new Set<string>();
  return tools.map((tool) => {
    const prepared = prepareTool(tool, options);
    const identifier = freshName(prepared.identifier, taken);
    taken.add(identifier);
    return { ...prepared, identifier };
  });
}
