// Pasted definitions → tools for the workspace: zod source from each JSON Schema, a stub execute that
// answers with a sample result, and every problem located (line, column and path in the pasted text).
import { toolNamePattern } from '../../core/index.ts';
import { parseJsonWithPositions, type JsonPath } from '../../llm/index.ts';
import { quote } from '../source/code-text.ts';
import { findDefinitions, type DefinitionFormat, type PastedDefinition } from './parse-definitions.ts';
import { zodSourceFor } from './zod-source.ts';
import { literal } from './zod-literals.ts';

export interface LocatedNote {
  line: number;
  column: number;
  /** `tools[0].inputSchema.properties.city` */
  path: string;
  message: string;
  /** error: not imported; warning: approximated; info: a change worth knowing (a new name). */
  severity: 'error' | 'warning' | 'info';
}

export interface ImportCandidate {
  name: string;
  description: string;
  format: DefinitionFormat;
  schemaSource: string;
  codeSource: string;
  /** From MCP's annotations (read-only or idempotent); a new tool's default otherwise. */
  idempotent: boolean;
  /** Test call arguments built from the schema (empty object without a sampler). */
  argumentsText: string;
  /** The JSON Schema as pasted (for the Definition tab until the sandbox compiles it). */
  inputSchema: unknown;
  notes: LocatedNote[];
  /** False when a note is an error: the tool is listed with its errors but not imported. */
  importable: boolean;
}

export interface ImportPreview {
  candidates: ImportCandidate[];
  /** Problems of the document itself (not JSON, not a definition). */
  problems: LocatedNote[];
}

export interface ImportOptions {
  /** Names already in the workspace: an imported tool gets a free one (`name_2`). */
  takenNames: readonly string[];
  /** Fills a value from a JSON Schema (the Test call's generator), for arguments and a sample result. */
  sampleValue?: (schema: unknown) => unknown;
}

export function pathText(path: JsonPath): string {
  return (
    path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('') ||
    '(root)'
  );
}

function stubCode(definition: PastedDefinition, name: string, options: ImportOptions): string {
  const sample = definition.outputSchema !== undefined && options.sampleValue ? options.sampleValue(definition.outputSchema) : undefined;
  const result = sample === undefined ? `{ stub: true, tool: ${quote(name)}, received: input }` : literal(sample);
  return `// Imported from ${definition.format === 'MCP' ? 'an' : 'a'} ${definition.format} tool definition. This stub answers with a sample
// result so the tool can be called right away: replace it with the real work.
export default async function execute(input: Input, ctx: ToolContext) {
  ctx.log('stub called with', input);
  return ${result};
}
`;
}

/**
 * MCP says whether calling twice is safe (without hints, MCP assumes it is not); the other formats say
 * nothing, so the tool gets a new tool's default.
 */
function idempotentFrom(definition: PastedDefinition): boolean {
  if (definition.format !== 'MCP') return true;
  const hints = (typeof definition.annotations === 'object' && definition.annotations !== null ? definition.annotations : {}) as {
    readOnlyHint?: unknown;
    idempotentHint?: unknown;
  };
  return hints.readOnlyHint === true || hints.idempotentHint === true;
}

function freeName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  for (let counter = 2; ; counter++) {
    const suffix = `_${counter}`;
    const candidate = name.slice(0, 64 - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

export function previewImport(text: string, options: ImportOptions): ImportPreview {
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    const { line, column } = parsed.position;
    return { candidates: [], problems: [{ line, column, path: '(root)', message: `Not JSON: ${parsed.message}`, severity: 'error' }] };
  }
  const locate = (path: JsonPath, message: string, severity: LocatedNote['severity']): LocatedNote => {
    const { start } = parsed.rangeOf(path);
    return { line: start.line, column: start.column, path: pathText(path), message, severity };
  };
  const { definitions, problems } = findDefinitions(parsed.value);
  const taken = new Set(options.takenNames);
  const candidates = definitions.map((definition): ImportCandidate => {
    const notes: LocatedNote[] = [];
    const rawName = typeof definition.name === 'string' ? definition.name : '';
    if (!toolNamePattern.test(rawName))
      notes.push(
        locate(
          [...definition.fieldsPath, 'name'],
          typeof definition.name === 'string'
            ? `"${rawName}" is not a tool name: use 1-64 letters, digits, "_" or "-"`
            : 'the tool has no "name"',
          'error',
        ),
      );
    if (definition.description !== undefined && typeof definition.description !== 'string')
      notes.push(locate([...definition.fieldsPath, 'description'], 'description must be a string', 'error'));
    const schema = definition.schema ?? { type: 'object', properties: {} };
    if (definition.schema === undefined) notes.push(locate(definition.path, 'no parameters given: the tool takes an empty object', 'info'));
    const zod = zodSourceFor(schema, definition.schemaPath);
    for (const note of zod.notes) notes.push(locate(note.path, note.message, note.severity));
    const name = toolNamePattern.test(rawName) ? freeName(rawName, taken) : rawName;
    if (name !== rawName)
      notes.push(locate([...definition.fieldsPath, 'name'], `a tool named "${rawName}" exists already: imported as "${name}"`, 'info'));
    const importable = notes.every((note) => note.severity !== 'error');
    // In the order they appear in the pasted text.
    notes.sort((first, second) => first.line - second.line || first.column - second.column);
    if (importable) taken.add(name);
    return {
      name,
      description: typeof definition.description === 'string' ? definition.description : '',
      format: definition.format,
      idempotent: idempotentFrom(definition),
      schemaSource: zod.source,
      codeSource: stubCode(definition, name, options),
      argumentsText: `${JSON.stringify(options.sampleValue?.(schema) ?? {}, null, 2)}\n`,
      inputSchema: schema,
      notes,
      importable,
    };
  });
  return { candidates, problems: problems.map((problem) => locate(problem.path, problem.message, 'error')) };
}
