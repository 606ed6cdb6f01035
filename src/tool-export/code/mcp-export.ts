// A tool as an MCP server tool (`server.registerTool` of @modelcontextprotocol/sdk), with the annotations
// its settings imply, inside a complete stdio server.
import type { ExportableTool, GeneratedCode, RunDefaults } from '../export-types.ts';
import { quote } from '../source/code-text.ts';
import { mergeImports, namedImport, printImports } from '../source/imports.ts';
import { prepareTools, type PreparedTool } from './prepare-tool.ts';
import { errorClassDeclarations, toolContextDeclarations } from './runtime-snippets.ts';
import { joinSections, toolNotesForList } from './sections.ts';
import { headerComment, targetNotes } from './target-notes.ts';

/**
 * Toolscope's "not idempotent" means the tool has side effects, so clients should ask before calling it
 * (destructiveHint); a tool that fetches reaches the outside world (openWorldHint).
 */
export function mcpAnnotations(prepared: PreparedTool): string {
  const { tool } = prepared;
  return `{ idempotentHint: ${tool.idempotent}, destructiveHint: ${!tool.idempotent}, openWorldHint: ${prepared.membersUsed.has('fetch')} }`;
}

function registration(prepared: PreparedTool, defaults: RunDefaults): string {
  const { tool, schemaName, executeName } = prepared;
  const timeoutMs = tool.timeoutMs ?? defaults.timeoutMs;
  return `server.registerTool(
  ${quote(tool.name)},
  {
    description: ${quote(tool.description)},
    ${schemaName === 'inputSchema' ? 'inputSchema' : `inputSchema: ${schemaName}`},
    annotations: ${mcpAnnotations(prepared)},
  },
  async (input, extra) => {
    try {
      const output = await withDeadline(${timeoutMs}, extra.signal, (signal) =>
        ${executeName}(
          input,
          toolContext({
            toolCallId: String(extra.requestId),
            signal,
            userId: extra.authInfo?.clientId,
            log: (line) => console.error(${quote(`[${tool.name}]`)}, line),
          }),
        ),
      );
      return { content: [{ type: 'text', text: typeof output === 'string' ? output : (JSON.stringify(output) ?? 'null') }] };
    } catch (error) {
      // A failed call is a result the model reads, not a protocol error.
      return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
    }
  },
);`;
}

const serverImports = [
  namedImport('@modelcontextprotocol/sdk/server/mcp.js', ['McpServer']),
  namedImport('@modelcontextprotocol/sdk/server/stdio.js', ['StdioServerTransport']),
];

function startServer(name: string): string {
  return `// A stdio server: run it with \`npx tsx <this file>\`, or point an MCP client (Claude Desktop, Inspector) at that command.
const server = new McpServer({ name: ${quote(name)}, version: '1.0.0' });
registerTools(server);
await server.connect(new StdioServerTransport());`;
}

export function exportMcp(tools: readonly ExportableTool[], defaults: RunDefaults): GeneratedCode {
  const single = tools.length === 1;
  const prepared = prepareTools(tools);
  const imports = mergeImports([...serverImports, ...prepared.flatMap((entry) => entry.imports)]);
  const errors = errorClassDeclarations(prepared.flatMap((entry) => entry.toolscopeNames));
  const notes = single
    ? targetNotes(prepared[0] as PreparedTool, 'mcp', defaults)
    : toolNotesForList(prepared, (entry) => targetNotes(entry, 'mcp', defaults));
  const title = single
    ? `${tools[0]?.name} as an MCP server tool (@modelcontextprotocol/sdk 1.x), exported from Toolscope.`
    : `${tools.length} tools as an MCP server (@modelcontextprotocol/sdk 1.x), exported from Toolscope.`;
  const body = single
    ? [
        (prepared[0] as PreparedTool).schemaPart,
        (prepared[0] as PreparedTool).codePart,
        `export function registerTools(server: McpServer): void {\n${registration(prepared[0] as PreparedTool, defaults)}\n}`,
      ]
    : [
        ...prepared.map(
          (entry) =>
            `// ---- ${entry.tool.name} ----\nfunction register${entry.identifier.replace(/^./, (first) => first.toUpperCase())}(server: McpServer): void {\n${joinSections([entry.schemaPart, entry.codePart])}\n${registration(entry, defaults)}\n}`,
        ),
        `export function registerTools(server: McpServer): void {\n${prepared
          .map((entry) => `  register${entry.identifier.replace(/^./, (first) => first.toUpperCase())}(server);`)
          .join('\n')}\n}`,
      ];
  const text = joinSections([
    headerComment(title, notes),
    printImports(imports),
    ...(single ? body.slice(0, 2) : [errors, toolContextDeclarations]),
    ...(single ? [errors, toolContextDeclarations, ...body.slice(2)] : body),
    startServer(single ? (tools[0]?.name ?? 'tools') : 'toolscope-tools'),
  ]);
  const fileName = single ? `${(tools[0]?.name ?? 'tool').replace(/_/g, '-')}-mcp-server.ts` : 'mcp-server.ts';
  return { fileName, language: 'typescript', text, notes };
}
