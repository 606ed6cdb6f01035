// Which JSON Schema (draft 2020-12) keywords the converter writes as zod, which it keeps only as
// metadata, and which it refuses (an error, located in the pasted text).
import type { JsonPath } from '../../llm/index.ts';

export interface SchemaNote {
  /** Where in the pasted document, for a located message. */
  path: JsonPath;
  keyword: string;
  message: string;
  severity: 'error' | 'warning';
}

/** Keywords the converter cannot write: each refuses the tool, by name. */
export const refusedKeywords: Record<string, string> = {
  unevaluatedProperties: 'depends on what the other keywords evaluated, which zod cannot see',
  unevaluatedItems: 'depends on what the other keywords evaluated, which zod cannot see',
  $dynamicRef: 'is resolved at validation time, by the dynamic scope',
  $dynamicAnchor: 'is resolved at validation time, by the dynamic scope',
  $recursiveRef: 'is resolved at validation time, by the dynamic scope',
  $recursiveAnchor: 'is resolved at validation time, by the dynamic scope',
};

/** Keywords of one type: on a node without `type`, they constrain values of that type only. */
export const typeKeywords: Record<'string' | 'number' | 'object' | 'array', readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
  ],
  array: ['items', 'prefixItems', 'additionalItems', 'minItems', 'maxItems', 'contains', 'minContains', 'maxContains', 'uniqueItems'],
};

/** Every JSON type, `integer` being a kind of `number`. */
export const jsonTypes = ['string', 'number', 'boolean', 'null', 'object', 'array'] as const;

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

/** Structure or bookkeeping, dropped without a word (`$defs` are written where a `$ref` uses them). */
export const silentKeywords = ['$schema', '$id', '$comment', '$anchor', '$defs', 'definitions', '$vocabulary'];

/** Every keyword the converter reads; one left over on a node did not apply to the node's type. */
export const knownKeywords = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  'description',
  'default',
  'nullable',
  ...Object.values(typeKeywords).flat(),
  ...Object.keys(refusedKeywords),
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

  /** The node has a keyword of this type (so a node without `type` constrains values of it). */
  constrains(type: string): boolean {
    const group = typeKeywords[(type === 'integer' ? 'number' : type) as keyof typeof typeKeywords] ?? [];
    return group.some((keyword) => this.has(keyword));
  }

  leftover(): string[] {
    return Object.keys(this.node).filter((keyword) => !this.used.has(keyword));
  }
}
