// A tool as a Vercel AI SDK tool: `tool({ description, inputSchema, execute })` with the tool's zod schema
// and code, its ctx rebuilt from the AI SDK's execute options and its deadline kept.
import type { ExportableTool, GeneratedCode, RunDefaults } from '../export-types.ts';
import { mergeImports, namedImport, printImports } from '../source/imports.ts';
import { quote } from '../source/code-text.ts';
import { prepareTools, type PreparedTool } from './prepare-tool.ts';
import { errorClassDeclarations, toolContextDeclarations } from './runtime-snippets.ts';
import { headerComment, targetNotes } from './target-notes.ts';
import { joinSections, propertyKey, toolNotesForList } from './sections.ts';

function toolCall(prepared: PreparedTool, defaults: RunDefaults): string {
  const { tool, schemaName, executeName } = prepared;
  const timeoutMs = tool.timeoutMs ?? defaults.timeoutMs;
  return `tool({
  description: ${quote(tool.description)},
  ${schemaName === 'inputSchema' ? 'inputSchema' : `inputSchema: ${schemaName}`},
  execute: (input, options) =>
    withDeadline(${timeoutMs}, options.abortSignal, (signal) =>
      ${executeName}(input, toolContext({ toolCallId: options.toolCallId, signal, log: (line) => console.log(${quote(`[${tool.name}]`)}, line) })),
    ),
})`;
}

export function exportAiSdk(tools: readonly ExportableTool[], defaults: RunDefaults): GeneratedCode {
  const single = tools.length === 1;
  const prepared = prepareTools(tools);
  const imports = mergeImports([namedImport('ai', ['tool']), ...prepared.flatMap((entry) => entry.imports)]);
  const errors = errorClassDeclarations(prepared.flatMap((entry) => entry.toolscopeNames));
  if (single) {
    const [only] = prepared as [PreparedTool];
    const notes = targetNotes(only, 'ai-sdk', defaults);
    const text = joinSections([
      headerComment(`${only.tool.name} as a Vercel AI SDK tool (ai 7), exported from Toolscope.`, notes),
      printImports(imports),
      only.schemaPart,
      only.codePart,
      errors,
      toolContextDeclarations,
      `export const ${only.identifier} = ${toolCall(only, defaults)};`,
    ]);
    return { fileName: `${only.tool.name.replace(/_/g, '-')}-ai-sdk-tool.ts`, language: 'typescript', text, notes };
  }
  const notes = toolNotesForList(prepared, (entry) => targetNotes(entry, 'ai-sdk', defaults));
  const text = joinSections([
    headerComment(
      `${tools.length} tools as Vercel AI SDK tools (ai 7), exported from Toolscope. Pass \`tools\` to generateText or streamText.`,
      notes,
    ),
    printImports(imports),
    errors,
    toolContextDeclarations,
    ...prepared.map(
      (entry) =>
        `// ---- ${entry.tool.name} ----\nfunction ${entry.identifier}Tool() {\n${joinSections([entry.schemaPart, entry.codePart])}\n\nreturn ${toolCall(entry, defaults)};\n}`,
    ),
    `export const tools = {\n${prepared.map((entry) => `  ${propertyKey(entry.tool.name)}: ${entry.identifier}Tool(),`).join('\n')}\n};`,
  ]);
  return { fileName: 'ai-sdk-tools.ts', language: 'typescript', text, notes };
}
