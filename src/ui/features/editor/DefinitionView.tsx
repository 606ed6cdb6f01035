import { useState } from 'react';
import type { ToolDefinition } from '../../../core/index.ts';
import { definitionIn, type DefinitionFormat } from '../../../tool-export/index.ts';
import { CopyButton } from '../../elements/CopyButton.tsx';

const FORMATS: { key: DefinitionFormat; label: string }[] = [
  { key: 'openai', label: 'OpenAI' },
  { key: 'anthropic', label: 'Anthropic' },
  { key: 'mcp', label: 'MCP' },
];

interface DefinitionViewProps {
  definition: ToolDefinition | null;
  /** Set when the schema currently fails: the shown definition is the last good one. */
  stale: boolean;
}

export function DefinitionView({ definition, stale }: DefinitionViewProps) {
  const [format, setFormat] = useState<DefinitionFormat>('openai');
  if (!definition) return <p className="empty-hint">The schema has not compiled yet; fix it in the Schema tab.</p>;
  const text = JSON.stringify(definitionIn(format, definition), null, 2);
  const label = FORMATS.find((entry) => entry.key === format)?.label ?? '';
  return (
    <div className="definition-view">
      <div className="definition-toolbar">
        <div className="segmented" role="radiogroup" aria-label="Definition format">
          {FORMATS.map((entry) => (
            <label key={entry.key}>
              <input type="radio" name="definition-format" checked={format === entry.key} onChange={() => setFormat(entry.key)} />
              {entry.label}
            </label>
          ))}
        </div>
        <CopyButton text={text} what={`${label} definition`} />
      </div>
      {stale && (
        <p className="hint" role="status">
          The schema has errors: the model still sees the last good definition below.
        </p>
      )}
      <pre aria-label="Definition sent to the model">{text}</pre>
    </div>
  );
}
