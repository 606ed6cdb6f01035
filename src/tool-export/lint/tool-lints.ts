// Checks a tool before it leaves (and while it is edited): what the model reads should say what the
// tool does, and settings should not promise what the executor will not do. Pure: the Problems list
// and the export dialog both show these.
import type { JsonSchemaObject, RetryPolicy } from '../../core/index.ts';
import { toolTemplate } from '../../samples/index.ts';
import { parameterLocator } from './parameter-location.ts';

/** Parameters named one by one; past this, one lint counts the rest (a schema may report 20,000). */
const maxParameterLints = 100;

export type ToolLintRule = 'placeholder-description' | 'parameter-without-description' | 'retry-without-idempotency' | 'direct-network';

export interface ToolLint {
  rule: ToolLintRule;
  message: string;
  /** The tab to fix it in; a Schema or Code lint carries the line when it can be found (Code: a Python tool's). */
  place: 'settings' | 'schema' | 'code';
  line?: number;
  column?: number;
}

export interface LintableTool {
  name: string;
  description: string;
  idempotent: boolean;
  retry?: Partial<RetryPolicy>;
  schemaSource: string;
}

const placeholderMarkers = /\b(todo|tbd|fixme|lorem ipsum|describe what the tool does)\b/i;

function descriptionLint(tool: LintableTool): ToolLint | null {
  const description = tool.description.trim();
  let message: string | null = null;
  if (description === '') message = 'The description is empty: the model reads it to decide when to call this tool.';
  else if (description === toolTemplate.description.trim() || placeholderMarkers.test(description))
    message = 'The description is a placeholder: say what the tool does and when the model should call it.';
  return message ? { rule: 'placeholder-description', message, place: 'settings' } : null;
}

/** Every property (nested objects and array items included) without a description, as a dotted path. */
export function undescribedParameters(schema: unknown, path: string[] = [], depth = 0): string[][] {
  // A schema nested past this is no one's hand-written schema; its depths go unlinted rather than overflow.
  if (typeof schema !== 'object' || schema === null || depth > 64) return [];
  const node = schema as Record<string, unknown>;
  const found: string[][] = [];
  const properties = node.properties;
  if (typeof properties === 'object' && properties !== null)
    for (const [key, property] of Object.entries(properties)) {
      const described =
        typeof property === 'object' && property !== null && typeof (property as { description?: unknown }).description === 'string';
      if (!described) found.push([...path, key]);
      for (const inner of undescribedParameters(property, [...path, key], depth + 1)) found.push(inner);
    }
  if (node.items) for (const inner of undescribedParameters(node.items, [...path, '[]'], depth + 1)) found.push(inner);
  for (const keyword of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(node[keyword]))
      for (const option of node[keyword] as unknown[])
        for (const inner of undescribedParameters(option, path, depth + 1)) found.push(inner);
  return found;
}

export function lintTool(tool: LintableTool, parameters: JsonSchemaObject | null): ToolLint[] {
  const lints: ToolLint[] = [];
  const description = descriptionLint(tool);
  if (description) lints.push(description);
  const paths = parameters ? undescribedParameters(parameters) : [];
  const locate = paths.length > 0 ? parameterLocator(tool.schemaSource) : undefined;
  for (const path of paths.slice(0, maxParameterLints)) {
    const name = path.join('.').replace(/\.\[\]/g, '[]');
    lints.push({
      rule: 'parameter-without-description',
      message: `Parameter "${name}" has no description: the model guesses what to send (add .describe('…') in the Schema tab).`,
      place: 'schema',
      ...locate?.(path.at(-1) as string),
    });
  }
  if (paths.length > maxParameterLints)
    lints.push({
      rule: 'parameter-without-description',
      message: `…and ${paths.length - maxParameterLints} more parameters without a description.`,
      place: 'schema',
    });
  const attempts = tool.retry?.maxAttempts ?? 1;
  if (!tool.idempotent && attempts > 1)
    lints.push({
      rule: 'retry-without-idempotency',
      message: `${tool.name} is not idempotent, so the executor never retries it: its ${attempts} attempts have no effect. Make it idempotent (send ctx.idempotencyKey to the service) or set attempts to 1.`,
      place: 'settings',
    });
  return lints;
}
