// Tool definitions as each wire format carries them: exactly the JSON a provider or MCP client receives.
import type { ToolDefinition } from '../../core/index.ts';
import { toAnthropicTools, toOpenAITools } from '../../llm/index.ts';
import type { DefinitionTarget, GeneratedCode } from '../export-types.ts';

export type DefinitionFormat = 'openai' | 'anthropic' | 'mcp';

/** One tool in a format (what the Definition tab shows). */
export function definitionIn(format: DefinitionFormat, definition: ToolDefinition): unknown {
  switch (format) {
    case 'openai':
      return toOpenAITools([definition])[0];
    case 'anthropic':
      return toAnthropicTools([definition])[0];
    case 'mcp':
      // An MCP server lists its tools (tools/list) with the JSON Schema under `inputSchema`.
      return { name: definition.name, description: definition.description, inputSchema: definition.parameters };
  }
}

/** Several tools: the `tools` array of a chat request, or an MCP `tools/list` result. */
export function definitionsIn(format: DefinitionFormat, definitions: readonly ToolDefinition[]): unknown {
  const each = definitions.map((definition) => definitionIn(format, definition));
  return format === 'mcp' ? { tools: each } : each;
}

export const definitionFormatOf: Record<DefinitionTarget, DefinitionFormat> = {
  'openai-json': 'openai',
  'anthropic-json': 'anthropic',
  'mcp-json': 'mcp',
};

export function exportDefinitions(target: DefinitionTarget, definitions: readonly ToolDefinition[]): GeneratedCode {
  const format = definitionFormatOf[target];
  const value = definitions.length === 1 ? definitionIn(format, definitions[0] as ToolDefinition) : definitionsIn(format, definitions);
  const base = definitions.length === 1 ? (definitions[0] as ToolDefinition).name.replace(/_/g, '-') : 'tools';
  return { fileName: `${base}.${format}.json`, language: 'json', text: `${JSON.stringify(value, null, 2)}\n`, notes: [] };
}
