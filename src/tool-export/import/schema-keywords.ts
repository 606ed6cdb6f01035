// Which JSON Schema keywords the converter writes as zod, which it hands to zod's own z.fromJSONSchema
// (checked at run time, typed `unknown`), and which nothing can express (an error).
import type { JsonPath } from '../../llm/index.ts';

export interface SchemaNote {
  /** Where in the pasted document, for a located message. */
  path: JsonPath;
  keyword: string;
  message: string;
  severity: 'error' | 'warning';
}

/** Neither Toolscope's converter nor z.fromJSONSchema can express these (zod throws on them too). */
export const unsupportedKeywords = [
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
];

/** z.fromJSONSchema checks these; the converter does not write them as zod code. */
export const runtimeOnlyKeywords = [
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'additionalItems',
];

/** Annotations: no effect on validation, kept with `.meta()` so the model still reads them. */
export const annotationKeywords = [
  'title',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
];

/** Structure or bookkeeping, dropped without a word. */
export const silentKeywords = ['$schema', '$id', '$comment', '$anchor', '$defs', 'definitions'];

/** Every keyword the converter reads for some type; one left over did not apply to the node's type. */
export const knownKeywords = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'description',
  'default',
  'nullable',
  '$ref',
  ...unsupportedKeywords,
  ...runtimeOnlyKeywords,
  ...annotationKeywords,
  ...silentKeywords,
]);

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keywords of one schema node, remembering which were used, so the rest can be reported. */
export class Keywords {
  private readonly used = new Set<string>();
  constructor(readonly node: JsonObject) {}

  take(keyword: string): unknown {
    this.used.add(keyword);
    return this.node[keyword];
  }

  has(keyword: string): boolean {
    return Object.hasOwn(this.node, keyword);
  }

  leftover(): string[] {
    return Object.keys(this.node).filter((keyword) => !this.used.has(keyword));
  }
}
