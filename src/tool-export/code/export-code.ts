// One entry point for "Export as…": a target and the tools (one, or all enabled) → the generated file.
import type { ToolDefinition } from '../../core/index.ts';
import type { ExportableTool, ExportTarget, GeneratedCode, RunDefaults } from '../export-types.ts';
import { exportAiSdk } from './ai-sdk-export.ts';
import { exportDefineTool } from './define-tool-export.ts';
import { exportDefinitions } from './definitions-export.ts';
import { exportMcp } from './mcp-export.ts';
import { exportFastMcp, exportPythonModule } from '../python/python-export.ts';

export interface ExportRequest {
  target: ExportTarget;
  tools: readonly ExportableTool[];
  /** The JSON Schema of each tool, by name (from its last good compile); needed by the JSON targets. */
  definitions: readonly ToolDefinition[];
  defaults: RunDefaults;
}

export const exportTargets: { target: ExportTarget; label: string }[] = [
  { target: 'ai-sdk', label: 'Vercel AI SDK' },
  { target: 'mcp', label: 'MCP server' },
  { target: 'define-tool', label: 'Toolscope executor' },
  { target: 'openai-json', label: 'OpenAI JSON' },
  { target: 'anthropic-json', label: 'Anthropic JSON' },
  { target: 'mcp-json', label: 'MCP JSON' },
  { target: 'fastmcp', label: 'FastMCP (Python)' },
  { target: 'python-module', label: 'Python module' },
];

const pythonTargets: ReadonlySet<ExportTarget | 'project'> = new Set(['fastmcp', 'python-module']);
const isPython = (tool: ExportableTool) => tool.language === 'python';

/**
 * Why these tools cannot be exported to this target, or null: the code targets are of one language, and
 * a tool's code is either TypeScript or a Python module. The JSON definitions take tools of both; the
 * downloaded project (`'project'`) is a Node + TypeScript one.
 */
export function languageMismatch(target: ExportTarget | 'project', tools: readonly ExportableTool[]): string | null {
  if (target.endsWith('-json')) return null;
  const python = pythonTargets.has(target);
  const others = tools.filter((tool) => isPython(tool) !== python).map((tool) => tool.name);
  if (others.length === 0) return null;
  return python
    ? `${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} TypeScript: this format exports Python tools. Choose MCP server, or export the Python tools alone.`
    : `${others.join(', ')} ${others.length === 1 ? 'is a Python tool' : 'are Python tools'}: export ${others.length === 1 ? 'it' : 'them'} as FastMCP (Python) or Python module.`;
}

export function exportCode(request: ExportRequest): GeneratedCode {
  switch (request.target) {
    case 'ai-sdk':
      return exportAiSdk(request.tools, request.defaults);
    case 'mcp':
      return exportMcp(request.tools, request.defaults);
    case 'define-tool':
      return exportDefineTool(request.tools, request.defaults);
    case 'fastmcp':
      return exportFastMcp(request.tools, request.defaults);
    case 'python-module':
      return exportPythonModule(request.tools, request.definitions, request.defaults);
    default:
      return exportDefinitions(request.target, request.definitions);
  }
}
