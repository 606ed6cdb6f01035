// One JSON Schema node as a zod expression. Each keyword applies on its own (draft 2020-12), so a node
// is the intersection of its parts: its types with their keywords, enum/const, $ref, the applicators
// (allOf, anyOf, oneOf, not, if) and checks on the raw value; then description, default and metadata.
import type { JsonPath } from '../../llm/index.ts';
import { compositionParts } from './print-composition.ts';
import { note, type PrintContext, type PrintOptions } from './print-context.ts';
import { printTypes } from './print-types.ts';
import { isOfType, valueSchema, valuesSchema, zodDefaultApplies } from './print-values.ts';
import {
  annotationKeywords,
  isJsonObject,
  jsonTypes,
  Keywords,
  knownKeywords,
  refusedKeywords,
  silentKeywords,
  typeKeywords,
  type JsonObject,
} from './schema-keywords.ts';
import { literal } from './zod-literals.ts';

/**
 * enum or const. Beside a bare `type` (`{"type": "string", "enum": […]}`), the values of that type are
 * the whole answer: the type needs no part of its own.
 */
function valuesPart(
  keywords: Keywords,
  path: JsonPath,
  context: PrintContext,
  declared: unknown,
  operand: boolean,
): { part?: string; typeRedundant: boolean } {
  const isConst = keywords.has('const');
  let values: unknown[] | undefined = isConst
    ? [keywords.take('const')]
    : Array.isArray(keywords.node.enum)
      ? (keywords.take('enum') as unknown[])
      : undefined;
  if (!values) return { typeRedundant: false };
  const types = declared === undefined ? [] : Array.isArray(declared) ? declared.map(String) : [String(declared)];
  const typeRedundant = types.length > 0 && !jsonTypes.some((type) => keywords.constrains(type));
  if (typeRedundant) values = values.filter((value) => types.some((type) => isOfType(value, type)));
  const where = [...path, isConst ? 'const' : 'enum'];
  const part =
    isConst && values.length === 1 ? valueSchema(values[0], where, context, operand) : valuesSchema(values, where, context, operand);
  return { part, typeRedundant };
}

function annotate(expression: string, keywords: Keywords, path: JsonPath, context: PrintContext, options: PrintOptions): string {
  let annotated = expression;
  const metadata: JsonObject = {};
  if (keywords.take('nullable') === true) annotated += '.nullable()';
  if (keywords.has('default')) {
    const value = keywords.take('default');
    if (zodDefaultApplies(keywords.node, options.required === true)) annotated += `.default(${literal(value)})`;
    else metadata.default = value;
  }
  const description = keywords.take('description');
  if (typeof description === 'string') annotated += `.describe(${literal(description)})`;
  for (const keyword of keywords.leftover()) {
    if (silentKeywords.includes(keyword) || Object.hasOwn(refusedKeywords, keyword)) continue;
    if (!annotationKeywords.includes(keyword))
      note(
        context,
        path,
        keyword,
        'warning',
        knownKeywords.has(keyword)
          ? `"${keyword}" does not apply here and was dropped`
          : `unknown keyword "${keyword}": kept as metadata, not checked`,
      );
    if (!knownKeywords.has(keyword) || annotationKeywords.includes(keyword)) metadata[keyword] = keywords.node[keyword];
  }
  if (Object.keys(metadata).length > 0) annotated += `.meta(${literal(metadata)})`;
  return annotated;
}

/** Keywords that check the raw value in a part of their own, beside the node's type. */
const checkKeywords = [
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'contains',
  'uniqueItems',
];

/** The node will be an intersection of parts, or is itself a part of one. */
function isCombined(node: JsonObject, options: PrintOptions): boolean {
  if (options.operand) return true;
  const has = (keyword: string) => Object.hasOwn(node, keyword);
  const properties = isJsonObject(node.properties) ? node.properties : {};
  const protoProperty = Object.hasOwn(properties, '__proto__') || (Array.isArray(node.required) && node.required.includes('__proto__'));
  const typed =
    has('type') || Object.keys(node).some((keyword) => jsonTypes.some((type) => typeKeywords[type as 'string']?.includes(keyword)));
  const parts =
    [typed, has('enum') || has('const'), has('$ref'), has('anyOf'), has('oneOf'), has('not'), has('if'), protoProperty].filter(Boolean)
      .length +
    (Array.isArray(node.allOf) ? node.allOf.length : 0) +
    checkKeywords.filter(has).length;
  return parts > 1;
}

export function printNode(node: unknown, path: JsonPath, context: PrintContext, options: PrintOptions = {}): string {
  if (node === true) return 'z.unknown()';
  if (node === false) return 'z.never()';
  if (!isJsonObject(node)) {
    note(context, path, '', 'error', 'a schema must be an object (or true/false)');
    return 'z.unknown()';
  }
  for (const [keyword, why] of Object.entries(refusedKeywords))
    if (Object.hasOwn(node, keyword)) note(context, path, keyword, 'error', `"${keyword}" cannot be written as zod: it ${why}`);
  const keywords = new Keywords(node);
  const declared = node.type;
  const combined = isCombined(node, options);
  const typed = printTypes(keywords, path, context, { inherited: options.types, combined });
  const values = valuesPart(keywords, path, context, declared, combined);
  const parts: string[] = [];
  if (typed && !values.typeRedundant) parts.push(typed.expression);
  if (values.part) parts.push(values.part);
  if (typeof node.$ref === 'string') parts.push(context.reference(keywords.take('$ref') as string, [...path, '$ref']) ?? 'z.unknown()');
  const ownTypes = declared === undefined ? options.types : (Array.isArray(declared) ? declared : [declared]).map(String);
  parts.push(...compositionParts(keywords, path, context, { types: ownTypes, operand: combined }));
  parts.push(...(typed?.checks ?? []));
  const expression = parts.length === 0 ? 'z.unknown()' : parts.reduce((left, right) => `${left}.and(${right})`);
  return annotate(expression, keywords, path, context, options);
}
