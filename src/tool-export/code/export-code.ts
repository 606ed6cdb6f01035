// One entry point for "Export as…": a target and the tools (one, or all enabled) → the generated file.
import type { ToolDefinition } from '../../core/index.ts';
import type { ExportableTool, ExportTarget, GeneratedCode, RunDefaults } from '../export-types.ts';
import { exportAiSdk } from './ai-sdk-export.ts';
import { exportDefineTool } from './define-tool-export.ts';
import { exportDefinitions } from './definitions-export.ts';
import { exportMcp } from './mcp-export.ts';

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
];

export function exportCode(request: ExportRequest): GeneratedCode {
  switch (request.target) {
    case 'ai-sdk':
      return exportAiSdk(request.tools, request.defaults);
    case 'mcp':
      return exportMcp(request.tools, request.defaults);
    case 'define-tool':
      return exportDefineTool(request.tools, request.defaults);
    default:
      return exportDefinitions(request.target, request.definitions);
  }
}
