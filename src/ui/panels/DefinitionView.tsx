import { useState } from 'react';
import type { ToolDefinition } from '../../core/index.ts';
import { toAnthropicTools, toOpenAITools } from '../../llm/index.ts';

type DefinitionFormat = 'openai' | 'anthropic' | 'mcp';

const FORMATS: { key: DefinitionFormat; label: string }[] = [
  { key: 'openai', label: 'OpenAI' },
  { key: 'anthropic', label: 'Anthropic' },
  { key: 'mcp', label: 'MCP' },
];

/** The tool as each wire format carries it: exactly the JSON the model's provider receives. */
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

interface DefinitionViewProps {
  definition: ToolDefinition | null;
  /** Set when the schema currently fails: the shown definition is the last good one. */
  stale: boolean;
}

export function DefinitionView({ definition, stale }: DefinitionViewProps) {
  const [format, setFormat] = useState<DefinitionFormat>('openai');
  if (!definition) return <p className="empty-hint">The schema has not compiled yet; fix it in the Schema tab.</p>;
  return (
    <div className="definition-view">
      <div className="segmented" role="radiogroup" aria-label="Definition format">
        {FORMATS.map((entry) => (
          <label key={entry.key}>
            <input type="radio" name="definition-format" checked={format === entry.key} onChange={() => setFormat(entry.key)} />
            {entry.label}
          </label>
        ))}
      </div>
      {stale && (
        <p className="hint" role="status">
          The schema has errors: the model still sees the last good definition below.
        </p>
      )}
      <pre aria-label="Definition sent to the model">{JSON.stringify(definitionIn(format, definition), null, 2)}</pre>
    </div>
  );
}
