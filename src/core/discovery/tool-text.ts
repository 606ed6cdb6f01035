import type { ToolDefinition } from '../tool.ts';

const maxDepth = 4;
const maxEnumValues = 20;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names, descriptions and string enum values of the parameters, nested objects and array items included. */
function collectParameters(schema: unknown, parts: string[], depth: number): void {
  if (depth > maxDepth || !isRecord(schema)) return;
  if (typeof schema.description === 'string') parts.push(schema.description);
  if (Array.isArray(schema.enum)) {
    // An enum's values are often the words a user types ("fahrenheit"); its other values are not.
    parts.push(
      schema.enum
        .filter((value): value is string => typeof value === 'string')
        .slice(0, maxEnumValues)
        .join(' '),
    );
  }
  if (isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      parts.push(name);
      collectParameters(property, parts, depth + 1);
    }
  }
  collectParameters(schema.items, parts, depth + 1);
}

/**
 * The text a tool is found by: what the model reads about it (name, description, parameters). Parameter
 * names are included with their descriptions because they are words too ("city", "expression").
 */
export function toolText(definition: ToolDefinition): string {
  const parts = [definition.name, definition.description];
  collectParameters(definition.parameters, parts, 0);
  return parts.filter((part) => part.length > 0).join('\n');
}
