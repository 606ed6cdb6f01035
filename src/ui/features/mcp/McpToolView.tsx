import { useState, type ReactNode } from 'react';
import { nestsDeeperThan, type ToolDefinition } from '../../../core/index.ts';
import './mcp.css';
import { isRetrySafe, type McpToolDefinition } from '../../../mcp/index.ts';
import { DefinitionView } from '../editor/DefinitionView.tsx';
import { Tabs } from '../../elements/Tabs.tsx';
import { definitionEffects, listedDefinition } from './mcp-definition-effects.ts';

interface McpToolViewProps {
  definition: McpToolDefinition;
  serverLabel: string;
  /** Why it cannot run, when it cannot. */
  problem: string | null;
  /** The server changed it since the connect. */
  changed: boolean;
  /** Fault injection for it (issue 19): the same form a workspace tool has in Settings. */
  faults?: ReactNode;
}

type McpTab = 'schema' | 'server' | 'definition' | 'faults';

const HINTS: [key: keyof McpToolDefinition['annotations'], label: string][] = [
  ['readOnlyHint', 'read-only'],
  ['idempotentHint', 'idempotent'],
  ['destructiveHint', 'destructive'],
  ['openWorldHint', 'open world'],
];

/**
 * Indented, unless it nests so deep that the indentation alone would be megabytes: a hostile server's
 * schema 2,000 levels deep, indented, froze the page when its tool was selected (issue 28).
 */
function schemaText(schema: unknown): string {
  return nestsDeeperThan(schema) ? JSON.stringify(schema) : JSON.stringify(schema, null, 2);
}

/** A server's tool in the editor area: read-only, its schema as JSON Schema and in the three formats. */
export function McpToolView({ definition, serverLabel, problem, changed, faults }: McpToolViewProps) {
  const [tab, setTab] = useState<McpTab>('schema');
  const model: ToolDefinition | null = problem
    ? null
    : { name: definition.name, description: definition.description, parameters: definition.inputSchema as ToolDefinition['parameters'] };
  const hints = HINTS.filter(([key]) => definition.annotations[key] !== undefined);
  return (
    <div className="mcp-tool-view" aria-label={`MCP tool ${definition.name}`}>
      <header className="mcp-tool-header">
        <h3>
          <code>{definition.name}</code> <span className="badge">MCP · {serverLabel}</span> <span className="badge">read-only source</span>
        </h3>
        {definition.title && <p>{definition.title}</p>}
        <p>{definition.description || <span className="hint">No description.</span>}</p>
        <p className="mcp-hints">
          {hints.map(([key, label]) => (
            <span key={key} className="badge">
              {label}: {String(definition.annotations[key])}
            </span>
          ))}
          <span className="hint">
            {isRetrySafe(definition.annotations)
              ? ' Retried after transient failures (the server says a repeat is harmless).'
              : ' Never retried (the server does not say a repeat is harmless).'}
          </span>
        </p>
        {changed && (
          <p className="notice notice-info" role="status">
            The server changed this tool since you connected.
          </p>
        )}
        {problem && (
          <p className="run-error" role="alert">
            It cannot run: {problem}
          </p>
        )}
      </header>
      <Tabs<McpTab>
        label="MCP tool"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'schema', label: 'Input schema' },
          { key: 'server', label: 'As listed' },
          { key: 'definition', label: 'Definition' },
          ...(faults ? [{ key: 'faults' as const, label: 'Faults' }] : []),
        ]}
      >
        {tab === 'schema' && <pre aria-label="Input schema (JSON Schema)">{schemaText(definition.inputSchema)}</pre>}
        {tab === 'server' && (
          <>
            <table className="mcp-effects" aria-label="What the executor does with the definition">
              <thead>
                <tr>
                  <th scope="col">Part</th>
                  <th scope="col">Value</th>
                  <th scope="col">What the executor does</th>
                </tr>
              </thead>
              <tbody>
                {definitionEffects(definition).map((effect) => (
                  <tr key={effect.part}>
                    <th scope="row">
                      <code>{effect.part}</code>
                    </th>
                    <td>{effect.value}</td>
                    <td>{effect.effect}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <pre aria-label="The tool as the server listed it">{JSON.stringify(listedDefinition(definition), null, 2)}</pre>
          </>
        )}
        {tab === 'definition' &&
          (model ? <DefinitionView definition={model} stale={false} /> : <p className="empty-hint">Not offered to the model: {problem}</p>)}
        {tab === 'faults' && faults}
      </Tabs>
    </div>
  );
}
