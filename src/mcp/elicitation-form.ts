// The form of a server's elicitation (MCP form mode): its fields from the requested schema (flat: string,
// number, integer, boolean, a single or multiple choice), their first values (the schema's defaults,
// SEP-1034), and the values a person typed as the types the schema asks for. Plain: the dialog and the
// conformance driver use the same rules, so what the suite checks is what a person gets.
import type { McpElicitationRequest, McpElicitationValue } from './mcp-types.ts';

export type ElicitationFieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';

export interface ElicitationField {
  name: string;
  label: string;
  description?: string;
  kind: ElicitationFieldKind;
  required: boolean;
  /** For a choice: the values and their labels (enum + enumNames, or oneOf const/title). */
  options: { value: string; label: string }[];
  format?: string;
  initial: McpElicitationValue | undefined;
}

function optionsOf(schema: Record<string, unknown>): { value: string; label: string }[] {
  const items = (schema.items ?? {}) as Record<string, unknown>;
  const source = schema.type === 'array' ? items : schema;
  const oneOf = (source.oneOf ?? source.anyOf) as { const?: unknown; title?: unknown }[] | undefined;
  if (Array.isArray(oneOf)) return oneOf.map((option) => ({ value: String(option.const), label: String(option.title ?? option.const) }));
  const values = Array.isArray(source.enum) ? source.enum.map(String) : [];
  const names = Array.isArray(source.enumNames) ? source.enumNames.map(String) : [];
  return values.map((value, index) => ({ value, label: names[index] ?? value }));
}

function kindOf(schema: Record<string, unknown>, options: unknown[]): ElicitationFieldKind {
  if (schema.type === 'array') return 'choices';
  if (options.length > 0) return 'choice';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'number') return 'number';
  return 'text';
}

export function elicitationFields(request: Pick<McpElicitationRequest, 'requestedSchema'>): ElicitationField[] {
  const required = new Set(request.requestedSchema.required ?? []);
  return Object.entries(request.requestedSchema.properties ?? {}).map(([name, schema]) => {
    const options = optionsOf(schema);
    const kind = kindOf(schema, options);
    const fallback = kind === 'boolean' ? false : undefined;
    return {
      name,
      label: typeof schema.title === 'string' ? schema.title : name,
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      kind,
      required: required.has(name),
      options,
      ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
      initial: (schema.default as McpElicitationValue | undefined) ?? fallback,
    };
  });
}

/** The form as it first shows: every field that has a default holds it. */
export function initialElicitationValues(fields: readonly ElicitationField[]): Record<string, McpElicitationValue> {
  return Object.fromEntries(fields.flatMap((field) => (field.initial === undefined ? [] : [[field.name, field.initial]])));
}

/** What the person typed (text from inputs) as the schema's types; the first problem, if any. */
export function elicitationContent(
  fields: readonly ElicitationField[],
  values: Readonly<Record<string, McpElicitationValue | undefined>>,
): { ok: true; content: Record<string, McpElicitationValue> } | { ok: false; field: string; message: string } {
  const content: Record<string, McpElicitationValue> = {};
  for (const field of fields) {
    const value = values[field.name];
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) return { ok: false, field: field.name, message: `${field.label} is required.` };
      continue;
    }
    if (field.kind === 'number' || field.kind === 'integer') {
      const number = Number(value);
      if (!Number.isFinite(number) || (field.kind === 'integer' && !Number.isInteger(number)))
        return {
          ok: false,
          field: field.name,
          message: `${field.label} must be ${field.kind === 'integer' ? 'a whole number' : 'a number'}.`,
        };
      content[field.name] = number;
    } else content[field.name] = value;
  }
  return { ok: true, content };
}
