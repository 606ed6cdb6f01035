// A tool as a module for Toolscope's own executor core: `defineTool({...})` with its timeout, retry and
// idempotency settings. This is also the form the downloaded project keeps its tools in.
import type { ExportableTool, GeneratedCode, RunDefaults } from '../export-types.ts';
import { quote } from '../source/code-text.ts';
import { mergeImports, printImports } from '../source/imports.ts';
import type { ImportStatement } from '../source/module-parts.ts';
import { prepareTools, type PreparedTool } from './prepare-tool.ts';
import { fetchMemberDeclaration, fetchResponseDeclaration } from './runtime-snippets.ts';
import { joinSections, toolNotesForList } from './sections.ts';
import { headerComment, targetNotes } from './target-notes.ts';

/** Where the executor core lives, seen from the tool module (a downloaded project keeps tools in src/tools). */
export const defaultCoreModule = '../core/index.ts';

const withFetchDeclarations = `${fetchResponseDeclaration}

/** The executor's context plus fetch, as Toolscope's sandbox offered it. */
interface ToolContext extends ExecutorContext {
  ${fetchMemberDeclaration}
}

function withFetch(ctx: ExecutorContext): ToolContext {
  return {
    ...ctx,
    fetch: async (url, init) => {
      const response = await fetch(url, { ...init, signal: ctx.signal });
      return {
        ok: response.ok,
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        text: () => response.text(),
        json: () => response.json(),
      };
    },
  };
}`;

function settings(tool: ExportableTool): string[] {
  const lines = [`  idempotent: ${tool.idempotent},`];
  if (tool.timeoutMs !== undefined) lines.push(`  timeoutMs: ${tool.timeoutMs},`);
  const retry = Object.entries(tool.retry ?? {}).filter(([, value]) => value !== undefined);
  if (retry.length > 0) lines.push(`  retry: { ${retry.map(([key, value]) => `${key}: ${value}`).join(', ')} },`);
  return lines;
}

function defineCall(prepared: PreparedTool): string {
  const { tool, schemaName, executeName } = prepared;
  const execute = prepared.mentionsFetch ? `(input, ctx) => ${executeName}(input, withFetch(ctx))` : executeName;
  return `defineTool({
  name: ${quote(tool.name)},
  description: ${quote(tool.description)},
  schema: ${schemaName},
${settings(tool).join('\n')}
  execute: ${execute},
})`;
}

function contextPart(prepared: PreparedTool): string {
  if (prepared.declaresToolContext) return '';
  return prepared.mentionsFetch ? withFetchDeclarations : 'type ToolContext = ExecutorContext;';
}

function coreImport(prepared: readonly PreparedTool[], coreModule: string): ImportStatement {
  return {
    specifier: coreModule,
    typeOnly: false,
    named: [
      { imported: 'defineTool', local: 'defineTool', typeOnly: false },
      { imported: 'ToolContext', local: 'ExecutorContext', typeOnly: true },
      // The editor's 'toolscope' errors are the core's own classes.
      ...prepared.flatMap((entry) => entry.toolscopeNames),
    ],
  };
}

export function exportDefineTool(
  tools: readonly ExportableTool[],
  defaults: RunDefaults,
  options: { coreModule?: string } = {},
): GeneratedCode {
  const single = tools.length === 1;
  const coreModule = options.coreModule ?? defaultCoreModule;
  const prepared = prepareTools(tools, { exportSchema: single });
  const imports = mergeImports([...prepared.flatMap((entry) => entry.imports), coreImport(prepared, coreModule)]);
  const where = `Toolscope's executor core (${coreModule}, which Download project includes)`;
  if (single) {
    const [only] = prepared as [PreparedTool];
    const notes = targetNotes(only, 'define-tool', defaults);
    const text = joinSections([
      headerComment(`${only.tool.name} as a module for ${where}, exported from Toolscope.`, notes),
      printImports(imports),
      only.schemaPart,
      only.codePart,
      contextPart(only),
      `export default ${defineCall(only)};`,
    ]);
    return { fileName: `${only.tool.name.replace(/_/g, '-')}.ts`, language: 'typescript', text, notes };
  }
  const notes = toolNotesForList(prepared, (entry) => targetNotes(entry, 'define-tool', defaults));
  const text = joinSections([
    headerComment(`${tools.length} tools for ${where}, exported from Toolscope. Register each with executor.register(tool).`, notes),
    printImports(imports),
    ...prepared.map(
      (entry) =>
        `// ---- ${entry.tool.name} ----\nfunction ${entry.identifier}Tool() {\n${joinSections([entry.schemaPart, entry.codePart, contextPart(entry)])}\nreturn ${defineCall(entry)};\n}`,
    ),
    `export const tools = [\n${prepared.map((entry) => `  ${entry.identifier}Tool(),`).join('\n')}\n];`,
  ]);
  return { fileName: 'tools.ts', language: 'typescript', text, notes };
}
