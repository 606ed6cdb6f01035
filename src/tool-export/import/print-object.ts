// An object schema: `z.object` for properties, required and additionalProperties, and checks on the raw
// object for what zod's object cannot say (patternProperties, propertyNames, property counts, dependencies).
import type { JsonPath } from '../../llm/index.ts';
import { note, type PrintContext } from './print-context.ts';
import { patternLiteral } from './pattern-literal.ts';
import type { TypedPart } from './typed-part.ts';
import { zodDefaultApplies } from './print-values.ts';
import { isJsonObject, type Keywords } from './schema-keywords.ts';
import { indentLines, literal, propertyName } from './zod-literals.ts';

/** `toString`, `constructor`, …: zod would read them off Object.prototype when the object lacks them. */
const inheritedNames = new Set(Object.getOwnPropertyNames(Object.prototype));

function shapeOf(keywords: Keywords, path: JsonPath, context: PrintContext) {
  const properties = keywords.take('properties');
  const required = keywords.take('required');
  const requiredKeys = new Set(Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : []);
  const shape = isJsonObject(properties) ? properties : {};
  const entries: string[] = [];
  const checks: string[] = [];
  for (const [key, property] of Object.entries(shape)) {
    const isRequired = requiredKeys.has(key);
    const printed = context.print(property, [...path, 'properties', key], { required: isRequired });
    if (key === '__proto__') {
      // zod skips a `__proto__` key on purpose (it would replace the result's prototype).
      checks.push(`z.unknown().superRefine(${context.helper('checkOwnProperty')}('__proto__', ${printed}, ${isRequired}))`);
      continue;
    }
    // zod's `.default()` makes the field optional already (for the model too).
    const optional = isRequired || (isJsonObject(property) && zodDefaultApplies(property, false)) ? '' : '.optional()';
    entries.push(`  ${propertyName(key)}: ${indentLines(printed, 1)}${optional},`);
  }
  for (const key of requiredKeys)
    if (!Object.hasOwn(shape, key)) {
      if (key === '__proto__')
        checks.push(`z.unknown().superRefine(${context.helper('checkOwnProperty')}('__proto__', z.unknown(), true))`);
      else entries.push(`  ${propertyName(key)}: z.unknown(),`);
    }
  const inherited = [...Object.keys(shape), ...requiredKeys].some((key) => key !== '__proto__' && inheritedNames.has(key));
  return {
    body: entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n}`,
    checks,
    hasProperties: keywords.has('properties'),
    inherited,
  };
}

/** patternProperties, with additionalProperties for the keys that match no pattern. */
function patternCheck(
  patterns: Record<string, unknown>,
  known: string[],
  otherKeys: string | undefined,
  path: JsonPath,
  context: PrintContext,
) {
  const pairs = Object.entries(patterns).flatMap(([pattern, schema]) => {
    const regex = patternLiteral(pattern, [...path, 'patternProperties'], context);
    return regex ? [`[${regex}, ${indentLines(context.print(schema, [...path, 'patternProperties', pattern]), 1)}]`] : [];
  });
  const args = [`[${pairs.join(', ')}]`, literal(known), ...(otherKeys ? [otherKeys] : [])];
  return `z.unknown().superRefine(${context.helper('checkKeys')}(${args.join(', ')}))`;
}

function countCheck(keyword: string, bound: unknown, context: PrintContext): string[] {
  if (typeof bound !== 'number') return [];
  const [operator, words] = keyword === 'minProperties' ? ['>=', 'at least'] : ['<=', 'at most'];
  const isObject = context.helper('isJsonObject');
  return [
    `z.unknown().refine((value) => !${isObject}(value) || Object.keys(value).length ${operator} ${bound}, 'needs ${words} ${bound} propert${bound === 1 ? 'y' : 'ies'}').meta({ ${keyword}: ${bound} })`,
  ];
}

function dependencyChecks(keywords: Keywords, path: JsonPath, context: PrintContext): string[] {
  const checks: string[] = [];
  const requiredBy = keywords.take('dependentRequired');
  const schemasBy = keywords.take('dependentSchemas');
  const isObject = () => context.helper('isJsonObject');
  if (isJsonObject(requiredBy))
    for (const [key, needed] of Object.entries(requiredBy)) {
      const names = Array.isArray(needed) ? needed.filter((name): name is string => typeof name === 'string') : [];
      if (names.length > 0)
        checks.push(
          `z.unknown().refine((value) => !${isObject()}(value) || !Object.hasOwn(value, ${literal(key)}) || ${literal(names)}.every((key) => Object.hasOwn(value, key)), ${literal(`${key} needs ${names.join(', ')}`)})`,
        );
    }
  if (isJsonObject(schemasBy))
    for (const [key, schema] of Object.entries(schemasBy)) {
      const printed = context.print(schema, [...path, 'dependentSchemas', key], { types: ['object'] });
      checks.push(
        `z.unknown().superRefine((value, ctx) => {\n  if (${isObject()}(value) && Object.hasOwn(value, ${literal(key)})) ${context.helper('reportIssues')}(ctx, ${indentLines(printed, 1)}.safeParse(value));\n})`,
      );
    }
  return checks;
}

/**
 * `combined`: the object is one part of an intersection (`.and()`), where zod reconciles a key one part
 * rejects with another that allows it; so `additionalProperties: false` is checked on its own there.
 */
export function printObject(keywords: Keywords, path: JsonPath, context: PrintContext, combined: boolean): TypedPart {
  const { body, checks, hasProperties, inherited } = shapeOf(keywords, path, context);
  const additional = keywords.take('additionalProperties');
  const patterns = keywords.take('patternProperties');
  const propertyNames = keywords.take('propertyNames');
  const rest = additional === undefined || additional === true ? undefined : context.print(additional, [...path, 'additionalProperties']);
  let expression: string;
  if (isJsonObject(patterns)) {
    const known = Object.keys(isJsonObject(keywords.node.properties) ? keywords.node.properties : {});
    checks.push(patternCheck(patterns, known, rest, path, context));
    expression = `z.object(${body})`;
  } else if (additional === false && combined) {
    const known = Object.keys(isJsonObject(keywords.node.properties) ? keywords.node.properties : {});
    expression = `z.looseObject(${body}).superRefine(${context.helper('onlyKeys')}(${literal(known)})).meta({ additionalProperties: false })`;
  } else if (additional === false) expression = `z.strictObject(${body})`;
  else if (additional === true || (isJsonObject(additional) && Object.keys(additional).length === 0)) expression = `z.looseObject(${body})`;
  else if (rest === undefined) expression = `z.object(${body})`;
  // A record (`z.record(z.string(), …)`) is written with propertyNames {type: string}.
  else if (!hasProperties && body === '{}') expression = `z.record(z.string(), ${rest})`;
  else expression = `z.object(${body}).catchall(${rest})`;
  const plainRecordKeys = isJsonObject(propertyNames) && propertyNames.type === 'string' && Object.keys(propertyNames).length === 1;
  if (propertyNames !== undefined && !(plainRecordKeys && expression.startsWith('z.record(')))
    checks.push(
      `z.unknown().superRefine((value, ctx) => {\n  if (${context.helper('isJsonObject')}(value))\n    for (const key of Object.keys(value)) ${context.helper('reportIssues')}(ctx, ${indentLines(context.print(propertyNames, [...path, 'propertyNames'], { types: ['string'] }), 2)}.safeParse(key), [key]);\n})`,
    );
  checks.push(...countCheck('minProperties', keywords.take('minProperties'), context));
  checks.push(...countCheck('maxProperties', keywords.take('maxProperties'), context));
  checks.push(...dependencyChecks(keywords, path, context));
  if (inherited) expression = `z.preprocess(${context.helper('withoutPrototype')}, ${expression})`;
  if (keywords.has('required') && !Array.isArray(keywords.node.required))
    note(context, path, 'required', 'error', '"required" must be a list of names');
  return { expression, checks };
}
