// One JSON Schema node as a zod expression: checks for what cannot be expressed, composition (anyOf,
// oneOf, allOf), enum and const, references, then the type, then default/description/metadata.
import type { JsonPath } from '../../llm/index.ts';
import { printType, type PrintContext } from './print-types.ts';
import {
  annotationKeywords,
  isJsonObject,
  Keywords,
  knownKeywords,
  runtimeOnlyKeywords,
  silentKeywords,
  unsupportedKeywords,
  type JsonObject,
} from './schema-keywords.ts';
import { indentLines, literal } from './zod-literals.ts';

export interface NodeContext extends PrintContext {
  /** `#/$defs/Name` → the constant the definition is printed as; undefined when it cannot be used. */
  reference(ref: string, path: JsonPath): string | undefined;
  /** The whole schema must go to z.fromJSONSchema (a recursive or nested reference), and why. */
  convertWholeAtRuntime(reason: string): void;
  /** Reports what z.fromJSONSchema would refuse in a subtree handed to it. */
  checkForZod(node: JsonObject, path: JsonPath): void;
}

const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function isExactTuple(node: JsonObject): boolean {
  const prefixItems = node.prefixItems;
  return Array.isArray(prefixItems) && node.items === false && node.minItems === prefixItems.length && node.maxItems === prefixItems.length;
}

/** Keywords that only zod's own converter handles here, or null when the converter can write the node. */
export function runtimeOnlyKeywordsOf(node: JsonObject): string[] {
  const found = runtimeOnlyKeywords.filter((keyword) => Object.hasOwn(node, keyword));
  // A record (`z.record(z.string(), …)`) is written as propertyNames {type: string}: the converter handles that one.
  if (isJsonObject(node.propertyNames) && node.propertyNames.type === 'string' && Object.keys(node.propertyNames).length === 1)
    found.splice(found.indexOf('propertyNames'), 1);
  if (Array.isArray(node.items) || (Object.hasOwn(node, 'prefixItems') && !isExactTuple(node)))
    found.push('prefixItems or items as an array');
  if (node.enum !== undefined && Array.isArray(node.enum) && !node.enum.every(isPrimitive)) found.push('enum of objects');
  if (node.const !== undefined && !isPrimitive(node.const)) found.push('const object');
  return found;
}

function composition(keywords: Keywords, path: JsonPath, depth: number, context: NodeContext): string | undefined {
  const printAll = (keyword: string) =>
    (keywords.take(keyword) as unknown[]).map((option, index) => context.print(option, [...path, keyword, index], depth + 1));
  const list = (options: string[]) => `[\n  ${options.map((option) => indentLines(option, 1)).join(',\n  ')},\n]`;
  if (Array.isArray(keywords.node.anyOf)) {
    const nullIndex = keywords.node.anyOf.findIndex(
      (option) => isJsonObject(option) && option.type === 'null' && Object.keys(option).length === 1,
    );
    const options = printAll('anyOf');
    if (options.length === 2 && nullIndex !== -1) return `${options[1 - nullIndex] as string}.nullable()`;
    return options.length === 1 ? options[0] : `z.union(${list(options)})`;
  }
  if (Array.isArray(keywords.node.oneOf)) {
    const options = printAll('oneOf');
    return options.length === 1 ? options[0] : `z.xor(${list(options)})`;
  }
  if (Array.isArray(keywords.node.allOf)) {
    const options = printAll('allOf');
    return options.reduce((left, right) => `z.intersection(${left}, ${right})`);
  }
  return undefined;
}

function base(keywords: Keywords, path: JsonPath, depth: number, context: NodeContext): string {
  const { node } = keywords;
  if (typeof node.$ref === 'string') return context.reference(keywords.take('$ref') as string, [...path, '$ref']) ?? 'z.unknown()';
  if (isJsonObject(node.not) && Object.keys(node.not).length === 0) {
    keywords.take('not');
    return 'z.never()';
  }
  const composed = composition(keywords, path, depth, context);
  if (composed !== undefined) return composed;
  if (Array.isArray(node.enum)) {
    const values = keywords.take('enum') as unknown[];
    keywords.take('type');
    if (values.length === 1) return `z.literal(${literal(values[0])})`;
    if (values.length > 0 && values.every((value) => typeof value === 'string')) return `z.enum(${literal(values)})`;
    return values.length === 0 ? 'z.never()' : `z.literal(${literal(values)})`;
  }
  if (node.const !== undefined) {
    keywords.take('type');
    return `z.literal(${literal(keywords.take('const'))})`;
  }
  const type =
    keywords.take('type') ??
    (node.properties || node.additionalProperties ? 'object' : node.items || node.prefixItems ? 'array' : undefined);
  if (type === undefined) return 'z.unknown()';
  if (Array.isArray(type)) {
    const types = type.filter((entry): entry is string => typeof entry === 'string');
    const printed = types.filter((entry) => entry !== 'null').map((entry) => printType(entry, keywords, path, depth, context));
    const union = printed.length === 1 ? (printed[0] as string) : printed.length === 0 ? 'z.never()' : `z.union([${printed.join(', ')}])`;
    return types.includes('null') ? (printed.length === 0 ? 'z.null()' : `${union}.nullable()`) : union;
  }
  return printType(String(type), keywords, path, depth, context);
}

export function printNode(node: unknown, path: JsonPath, depth: number, context: NodeContext): string {
  if (node === true) return 'z.unknown()';
  if (node === false) return 'z.never()';
  if (!isJsonObject(node)) {
    context.notes.push({ path, keyword: '', severity: 'error', message: 'a schema must be an object (or true/false)' });
    return 'z.unknown()';
  }
  for (const keyword of unsupportedKeywords.filter((candidate) => Object.hasOwn(node, candidate)))
    context.notes.push({
      path: [...path, keyword],
      keyword,
      severity: 'error',
      message: `"${keyword}" cannot be expressed in zod (nor by z.fromJSONSchema)`,
    });
  if (Object.hasOwn(node, 'not') && !(isJsonObject(node.not) && Object.keys(node.not).length === 0))
    context.notes.push({
      path: [...path, 'not'],
      keyword: 'not',
      severity: 'error',
      message: '"not" cannot be expressed in zod (only {"not": {}}, nothing matches)',
    });
  const runtimeOnly = runtimeOnlyKeywordsOf(node);
  if (runtimeOnly.length > 0) return runtimeConversion(node, path, runtimeOnly, context);

  const keywords = new Keywords(node);
  let expression = base(keywords, path, depth, context);
  if (keywords.take('nullable') === true) expression += '.nullable()';
  if (keywords.has('default')) expression += `.default(${literal(keywords.take('default'))})`;
  const description = keywords.take('description');
  if (typeof description === 'string') expression += `.describe(${literal(description)})`;
  const metadata: JsonObject = {};
  for (const keyword of keywords.leftover()) {
    if (silentKeywords.includes(keyword) || unsupportedKeywords.includes(keyword) || keyword === 'not') continue;
    if (!annotationKeywords.includes(keyword))
      context.notes.push({
        path: [...path, keyword],
        keyword,
        severity: 'warning',
        message: knownKeywords.has(keyword)
          ? `"${keyword}" does not apply here and was dropped`
          : `unknown keyword "${keyword}": kept as metadata, not checked`,
      });
    if (!knownKeywords.has(keyword) || annotationKeywords.includes(keyword)) metadata[keyword] = node[keyword];
  }
  if (Object.keys(metadata).length > 0) expression += `.meta(${literal(metadata)})`;
  return expression;
}

/** A subtree only zod's own converter handles: it is converted when the schema module runs. */
function runtimeConversion(node: JsonObject, path: JsonPath, keywords: string[], context: NodeContext): string {
  // A reference inside needs the root's $defs: only the whole schema can be converted then.
  if (JSON.stringify(node).includes('"$ref"')) {
    context.convertWholeAtRuntime(`${keywords.join(', ')} around a $ref`);
    return 'z.unknown()';
  }
  const errors = context.notes.length;
  context.checkForZod(node, path);
  if (context.notes.length > errors) return 'z.unknown()';
  for (const keyword of keywords)
    context.notes.push({
      path,
      keyword,
      severity: 'warning',
      message: `${keyword}: written as z.fromJSONSchema(…), checked when the schema runs; the code sees this value as unknown`,
    });
  return `z.fromJSONSchema(${literal(node)})`;
}
