// What zod's z.fromJSONSchema would refuse in a subtree handed to it: checked here, with a location,
// because the app does not call zod's converter itself (its builders would join the first load; the
// generated code runs it in the sandbox). Mirrors the errors of zod 4's from-json-schema.js.
import type { JsonPath } from '../../llm/index.ts';
import { isJsonObject, unsupportedKeywords, type SchemaNote } from './schema-keywords.ts';

const types = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const single = ['items', 'additionalProperties', 'contains', 'propertyNames', 'not', 'additionalItems'];
const lists = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
const maps = ['properties', 'patternProperties', '$defs', 'definitions'];

function resolves(ref: string, root: Record<string, unknown>): boolean {
  if (ref === '#') return true;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const definitions = match ? root[match[1] as string] : undefined;
  return isJsonObject(definitions) && Object.hasOwn(definitions, (match?.[2] ?? '').replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function checkForZod(node: unknown, path: JsonPath, root: Record<string, unknown>, notes: SchemaNote[]): void {
  if (!isJsonObject(node)) return;
  const refuse = (keyword: string, message: string) => notes.push({ path: [...path, keyword], keyword, severity: 'error', message });
  for (const keyword of unsupportedKeywords)
    if (Object.hasOwn(node, keyword)) refuse(keyword, `"${keyword}" cannot be expressed in zod (nor by z.fromJSONSchema)`);
  if (Object.hasOwn(node, 'not') && !(isJsonObject(node.not) && Object.keys(node.not).length === 0))
    refuse('not', '"not" cannot be expressed in zod (only {"not": {}}, nothing matches)');
  const typeList = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const type of typeList) if (typeof type !== 'string' || !types.has(type)) refuse('type', `unknown type ${JSON.stringify(type)}`);
  if (typeof node.$ref === 'string' && !resolves(node.$ref, root))
    refuse(
      '$ref',
      node.$ref.startsWith('#')
        ? `$ref "${node.$ref}" points to nothing in $defs`
        : `external $ref "${node.$ref}" cannot be followed: paste the schema it points to`,
    );
  for (const keyword of single) if (isJsonObject(node[keyword])) checkForZod(node[keyword], [...path, keyword], root, notes);
  for (const keyword of lists)
    if (Array.isArray(node[keyword]))
      (node[keyword] as unknown[]).forEach((entry, index) => checkForZod(entry, [...path, keyword, index], root, notes));
  for (const keyword of maps)
    if (isJsonObject(node[keyword]))
      for (const [name, entry] of Object.entries(node[keyword] as Record<string, unknown>))
        checkForZod(entry, [...path, keyword, name], root, notes);
}
