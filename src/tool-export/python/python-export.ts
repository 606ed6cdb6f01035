// Python tools out of Toolscope (issue 31): as a FastMCP server module, or as a plain module with each
// tool's JSON Schema. Either file runs without Toolscope: the tool's own code, with what `from toolscope
// import ...` gave it written out beside it (python-stand-in.ts), and the executor's deadline and retries.
// FastMCP reads the schema from the function's signature as Toolscope did, so the two cannot drift apart.
import type { ToolDefinition } from '../../core/index.ts';
import type { ExportableTool, GeneratedCode, RunDefaults } from '../export-types.ts';
import { pythonLiteral } from './python-literal.ts';
import { executorArguments, standInImports, standInSource } from './python-stand-in.ts';

const notes = [
  'ctx.fetch goes to the network directly: the allowlist proxy of Toolscope is not here.',
  'A tool that is a plain def (not async def) has no deadline: Python cannot stop a running function from outside.',
  'Each call runs in this one process, not in a fresh interpreter: module globals are shared between calls.',
];

const toolscopeImport = /^\s*(from\s+toolscope\s+import\s+(\([^)]*\)|[^\n]*)|import\s+toolscope\b[^\n]*)\n?/gm;

/** The tool's code without its toolscope import: the stand-in above it defines the same names. */
export function withoutToolscopeImport(codeSource: string): string {
  return codeSource.replace(toolscopeImport, '').trim();
}

const fileStem = (tools: readonly ExportableTool[]) => (tools.length === 1 ? (tools[0]?.name ?? 'tool') : 'tools');

function header(title: string, run: string, tools: readonly ExportableTool[]): string {
  const comment = (line: string) => `# ${line}`;
  return [
    comment(`${title}, exported from Toolscope: ${tools.map((tool) => tool.name).join(', ')}.`),
    comment(run),
    comment('Differences from Toolscope:'),
    ...notes.map((note) => comment(`- ${note}`)),
  ].join('\n');
}

function toolSections(tools: readonly ExportableTool[]): string {
  return tools
    .map((tool) => `# --- ${tool.name} (the tool's code, as in Toolscope) ---\n\n${withoutToolscopeImport(tool.codeSource)}\n`)
    .join('\n\n');
}

function settingsOf(tools: readonly ExportableTool[], defaults: RunDefaults): string {
  const lines = tools.map((tool) => `    ${JSON.stringify(tool.name)}: dict(${executorArguments(tool, defaults)}),`);
  return `# Each tool's deadline and retry policy, as the Toolscope workspace had them.\n_settings = {\n${lines.join('\n')}\n}`;
}

const imports = (extra: readonly string[]) => [...standInImports.map((module) => `import ${module}`), ...extra].join('\n');

/** toolscope's Field becomes pydantic's (the same keywords); a module whose tools do not use it needs no pydantic. */
const usesField = (tools: readonly ExportableTool[]) => tools.some((tool) => /\bField\b/.test(withoutToolscopeImport(tool.codeSource)));

/** One file that serves the tools over MCP with FastMCP (stdio; `python file.py`). */
export function exportFastMcp(tools: readonly ExportableTool[], defaults: RunDefaults): GeneratedCode {
  const stem = fileStem(tools);
  const fileName = `${stem}_fastmcp_server.py`;
  const text = [
    header('A FastMCP server', `Run it: pip install fastmcp, then python ${fileName} (MCP over stdio).`, tools),
    imports(['', 'from fastmcp import FastMCP', 'from pydantic import Field']),
    `# --- What \`from toolscope import ...\` gave the tools, outside Toolscope ---\n\n${standInSource}`,
    toolSections(tools),
    settingsOf(tools, defaults),
    `mcp = FastMCP(${JSON.stringify(stem.replace(/_/g, '-'))})
for marked in _tools:
    mcp.tool(
        _with_executor(marked["function"], idempotent=marked["idempotent"], **_settings[marked["name"]]),
        name=marked["name"],
        description=marked["description"],
        annotations={"idempotentHint": marked["idempotent"], "readOnlyHint": marked["idempotent"]},
    )

if __name__ == "__main__":
    mcp.run()`,
  ].join('\n\n\n');
  return { fileName, language: 'python', text: `${text}\n`, notes };
}

/** One plain module: the tools, their definitions (JSON Schema as Toolscope derived it) and \`call_tool\`. */
export function exportPythonModule(
  tools: readonly ExportableTool[],
  definitions: readonly ToolDefinition[],
  defaults: RunDefaults,
): GeneratedCode {
  const fileName = `${fileStem(tools)}_tools.py`;
  const named = new Map(definitions.map((definition) => [definition.name, definition]));
  const listed = tools.map((tool) => {
    const definition = named.get(tool.name);
    return { name: tool.name, description: definition?.description ?? tool.description, parameters: definition?.parameters ?? null };
  });
  const text = [
    header('A Python module', 'Use it: TOOL_DEFINITIONS for the model, await call_tool(name, arguments) to run one.', tools),
    imports(usesField(tools) ? ['', 'from pydantic import Field'] : []),
    `# --- What \`from toolscope import ...\` gave the tools, outside Toolscope ---\n\n${standInSource}`,
    toolSections(tools),
    `# What the model is sent: each tool's name, description and JSON Schema, as Toolscope derived them.\nTOOL_DEFINITIONS = ${pythonLiteral(listed)}`,
    settingsOf(tools, defaults),
    `async def call_tool(name: str, arguments: dict):
    """Runs one call with the tool's deadline and retries. The arguments are not validated here: check them against TOOL_DEFINITIONS first."""
    marked = next(entry for entry in _tools if entry["name"] == name)
    return await _with_executor(marked["function"], idempotent=marked["idempotent"], **_settings[name])(**arguments)`,
  ].join('\n\n\n');
  return { fileName, language: 'python', text: `${text}\n`, notes };
}
