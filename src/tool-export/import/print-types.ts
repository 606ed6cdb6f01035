// The part of a node that its types and their keywords make: `z.string().max(3)`, `z.number().int()`, an
// object or array schema (print-object.ts, print-array.ts). Checks zod cannot chain onto the type (they
// must see the input as given, before zod strips or parses it) come back as separate parts.
import type { JsonPath } from '../../llm/index.ts';
import { printArray } from './print-array.ts';
import { note, type PrintContext } from './print-context.ts';
import { printObject } from './print-object.ts';
import { jsonTypes, type Keywords } from './schema-keywords.ts';
import { stringBase } from './string-formats.ts';
import { literal } from './zod-literals.ts';
import { patternLiteral } from './pattern-literal.ts';
import type { TypedPart } from './typed-part.ts';

/** zod's `.int()` writes these bounds itself; a schema that carries them needs no `.min`/`.max`. */
const safeIntegerBounds = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

function printString(keywords: Keywords, path: JsonPath, context: PrintContext): string {
  const format = keywords.take('format');
  const pattern = keywords.take('pattern');
  const base = stringBase(format, pattern);
  if (base.helper) context.helper(base.helper);
  let expression = base.source;
  if (!base.formatHandled) {
    note(context, path, 'format', 'warning', `format "${String(format)}" is not checked: kept as metadata only`);
    expression += `.meta({ format: ${literal(format)} })`;
  }
  const minLength = keywords.take('minLength');
  const maxLength = keywords.take('maxLength');
  if (typeof minLength === 'number') expression += `.min(${minLength})`;
  if (typeof maxLength === 'number') expression += `.max(${maxLength})`;
  if (typeof pattern === 'string' && !base.patternHandled) {
    const regex = patternLiteral(pattern, path, context);
    if (regex) expression += `.regex(${regex})`;
  }
  return expression;
}

function printNumber(type: 'number' | 'integer', keywords: Keywords): string {
  let expression = type === 'integer' ? 'z.number().int()' : 'z.number()';
  const minimum = keywords.take('minimum');
  const maximum = keywords.take('maximum');
  const exclusiveMinimum = keywords.take('exclusiveMinimum');
  const exclusiveMaximum = keywords.take('exclusiveMaximum');
  const multipleOf = keywords.take('multipleOf');
  const isDefault = (value: unknown, bound: number) => type === 'integer' && value === bound;
  // Draft 4 wrote `exclusiveMinimum: true` beside `minimum`.
  if (typeof minimum === 'number' && !isDefault(minimum, safeIntegerBounds.minimum))
    expression += exclusiveMinimum === true ? `.gt(${minimum})` : `.min(${minimum})`;
  if (typeof maximum === 'number' && !isDefault(maximum, safeIntegerBounds.maximum))
    expression += exclusiveMaximum === true ? `.lt(${maximum})` : `.max(${maximum})`;
  if (typeof exclusiveMinimum === 'number') expression += `.gt(${exclusiveMinimum})`;
  if (typeof exclusiveMaximum === 'number') expression += `.lt(${exclusiveMaximum})`;
  if (typeof multipleOf === 'number') expression += `.multipleOf(${multipleOf})`;
  return expression;
}

function printType(type: string, keywords: Keywords, path: JsonPath, context: PrintContext, combined: boolean): TypedPart {
  switch (type) {
    case 'string':
      return { expression: printString(keywords, path, context), checks: [] };
    case 'number':
    case 'integer':
      return { expression: printNumber(type, keywords), checks: [] };
    case 'boolean':
      return { expression: 'z.boolean()', checks: [] };
    case 'null':
      return { expression: 'z.null()', checks: [] };
    case 'object':
      return printObject(keywords, path, context, combined);
    case 'array':
      return printArray(keywords, path, context);
    default:
      note(context, path, 'type', 'error', `unknown type ${JSON.stringify(type)}`);
      return { expression: 'z.unknown()', checks: [] };
  }
}

/**
 * The node's types with their keywords. Without `type` (and none inherited), a type's keywords still
 * constrain values of that type: `{"maxLength": 2}` is any number, boolean, … or a string of at most 2.
 */
export function printTypes(
  keywords: Keywords,
  path: JsonPath,
  context: PrintContext,
  { inherited, combined }: { inherited?: readonly string[]; combined: boolean },
): TypedPart | undefined {
  const declared = keywords.take('type');
  let types: string[];
  if (declared !== undefined) types = (Array.isArray(declared) ? declared : [declared]).map(String);
  else if (jsonTypes.some((type) => keywords.constrains(type))) types = [...(inherited ?? jsonTypes)];
  else return undefined;
  // Without a declared type, a type none of the keywords is about is any value of it.
  const parts = types.map((type) =>
    declared === undefined && !keywords.constrains(type) ? bare(type) : printType(type, keywords, path, context, combined),
  );
  const checks = parts.flatMap((part) => part.checks);
  const nonNull = parts.filter((_part, index) => types[index] !== 'null').map((part) => part.expression);
  const union = nonNull.length === 0 ? 'z.never()' : nonNull.length === 1 ? (nonNull[0] as string) : `z.union([${nonNull.join(', ')}])`;
  if (!types.includes('null')) return { expression: union, checks };
  return { expression: nonNull.length === 0 ? 'z.null()' : `${union}.nullable()`, checks };
}

/** A type with none of its keywords: any value of it. */
function bare(type: string): TypedPart {
  const expressions: Record<string, string> = {
    string: 'z.string()',
    number: 'z.number()',
    boolean: 'z.boolean()',
    object: 'z.looseObject({})',
    array: 'z.array(z.unknown())',
  };
  return { expression: expressions[type] ?? 'z.unknown()', checks: [] };
}
