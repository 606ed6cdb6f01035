// Recognises pasted tool definitions: OpenAI (Chat Completions or Responses), Anthropic, MCP, a list of
// them, a `tools/list` result (bare or as a JSON-RPC response) or a request body with a `tools` array.
import type { JsonPath } from '../../llm/index.ts';
import { isJsonObject } from './schema-keywords.ts';

export type DefinitionFormat = 'OpenAI' | 'Anthropic' | 'MCP';

export interface PastedDefinition {
  /** Path of the definition in the pasted document. */
  path: JsonPath;
  format: DefinitionFormat;
  name: unknown;
  description: unknown;
  /** Where the name and description are (inside `function` for OpenAI's Chat Completions form). */
  fieldsPath: JsonPath;
  /** The JSON Schema of the arguments and where it is (absent: the tool takes no arguments). */
  schema: unknown;
  schemaPath: JsonPath;
  /** MCP tools may declare the shape of their result, and hints about their behaviour. */
  outputSchema?: unknown;
  annotations?: unknown;
}

export interface DefinitionProblem {
  path: JsonPath;
  message: string;
}

const expected =
  'expected a tool definition: {"name", "description", "inputSchema"} (MCP), {"name", "description", "input_schema"} (Anthropic) or {"type": "function", "function": {…}} (OpenAI), a list of them, or a tools/list result';

function recognise(item: unknown, path: JsonPath): PastedDefinition | DefinitionProblem {
  if (!isJsonObject(item)) return { path, message: `Not a tool definition: ${expected}.` };
  if (item.type === 'function' && isJsonObject(item.function)) {
    const inner = item.function;
    return {
      path,
      format: 'OpenAI',
      name: inner.name,
      description: inner.description,
      fieldsPath: [...path, 'function'],
      schema: inner.parameters,
      schemaPath: [...path, 'function', 'parameters'],
    };
  }
  if (Object.hasOwn(item, 'inputSchema'))
    return {
      path,
      format: 'MCP',
      name: item.name,
      description: item.description ?? item.title,
      fieldsPath: path,
      schema: item.inputSchema,
      schemaPath: [...path, 'inputSchema'],
      outputSchema: item.outputSchema,
      annotations: item.annotations,
    };
  if (Object.hasOwn(item, 'input_schema'))
    return {
      path,
      format: 'Anthropic',
      name: item.name,
      description: item.description,
      fieldsPath: path,
      schema: item.input_schema,
      schemaPath: [...path, 'input_schema'],
    };
  // The Responses API (and the older `functions` list) put the function's fields at the top.
  if (Object.hasOwn(item, 'parameters') || (item.type === 'function' && Object.hasOwn(item, 'name')))
    return {
      path,
      format: 'OpenAI',
      name: item.name,
      description: item.description,
      fieldsPath: path,
      schema: item.parameters,
      schemaPath: [...path, 'parameters'],
    };
  return { path, message: `Not a tool definition: ${expected}.` };
}

/** The list of definition-like items in a pasted document, with their paths. */
function itemsOf(document: unknown): { items: unknown[]; basePath: JsonPath } | null {
  if (Array.isArray(document)) return { items: document, basePath: [] };
  if (!isJsonObject(document)) return null;
  if (isJsonObject(document.result) && Array.isArray(document.result.tools))
    return { items: document.result.tools, basePath: ['result', 'tools'] };
  if (Array.isArray(document.tools)) return { items: document.tools, basePath: ['tools'] };
  return null;
}

export function findDefinitions(document: unknown): { definitions: PastedDefinition[]; problems: DefinitionProblem[] } {
  const list = itemsOf(document);
  const recognised = list ? list.items.map((item, index) => recognise(item, [...list.basePath, index])) : [recognise(document, [])];
  const definitions = recognised.filter((entry): entry is PastedDefinition => 'format' in entry);
  const problems = recognised.filter((entry): entry is DefinitionProblem => !('format' in entry));
  if (list && list.items.length === 0) problems.push({ path: list.basePath, message: 'The list of tools is empty.' });
  return { definitions, problems };
}
