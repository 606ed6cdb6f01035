// An array schema: `z.array` or `z.tuple` for items and prefixItems, and checks on the raw array for
// contains and uniqueItems (they must compare the items as given, not as zod parsed them).
import type { JsonPath } from '../../llm/index.ts';
import type { PrintContext } from './print-context.ts';
import type { TypedPart } from './typed-part.ts';
import { isJsonObject, type Keywords } from './schema-keywords.ts';
import { indentLines } from './zod-literals.ts';

/** What zod writes for `z.tuple([…])`: exactly these items. */
function isExactTuple(prefixItems: unknown[], items: unknown, minItems: unknown, maxItems: unknown): boolean {
  return items === false && minItems === prefixItems.length && maxItems === prefixItems.length;
}

function containsCheck(keywords: Keywords, path: JsonPath, context: PrintContext): string[] {
  const contains = keywords.take('contains');
  const minContains = keywords.take('minContains');
  const maxContains = keywords.take('maxContains');
  if (contains === undefined) return [];
  const least = typeof minContains === 'number' ? minContains : 1;
  const most = typeof maxContains === 'number' ? maxContains : undefined;
  const bounds = [`count >= ${least}`, ...(most === undefined ? [] : [`count <= ${most}`])].join(' && ');
  const words = most === undefined ? `at least ${least}` : `${least} to ${most}`;
  const printed = indentLines(context.print(contains, [...path, 'contains']), 2);
  return [
    `z.unknown().refine((value) => {\n  if (!Array.isArray(value)) return true;\n  const count = value.filter((item) => ${printed}.safeParse(item).success).length;\n  return ${bounds};\n}, 'needs ${words} item${least === 1 && most === undefined ? '' : 's'} that match "contains"')`,
  ];
}

function uniqueCheck(keywords: Keywords, context: PrintContext): string[] {
  if (keywords.take('uniqueItems') !== true) return [];
  const equal = context.helper('jsonEqual');
  return [
    `z.unknown().refine((value) => !Array.isArray(value) || value.every((item, index) => value.findIndex((other) => ${equal}(other, item)) === index), 'items must be unique').meta({ uniqueItems: true })`,
  ];
}

export function printArray(keywords: Keywords, path: JsonPath, context: PrintContext): TypedPart {
  let items = keywords.take('items');
  let prefixItems = keywords.take('prefixItems');
  let itemsPath: JsonPath = [...path, 'items'];
  let prefixPath: JsonPath = [...path, 'prefixItems'];
  // Before 2020-12, a list under `items` was the tuple and `additionalItems` the rest.
  if (Array.isArray(items)) {
    [prefixItems, prefixPath] = [items, itemsPath];
    [items, itemsPath] = [keywords.take('additionalItems'), [...path, 'additionalItems']];
  } else keywords.take('additionalItems');
  const minItems = keywords.take('minItems');
  const maxItems = keywords.take('maxItems');
  const checks = [...containsCheck(keywords, path, context), ...uniqueCheck(keywords, context)];
  if (Array.isArray(prefixItems)) {
    const elements = prefixItems.map((item, index) => context.print(item, [...prefixPath, index]));
    if (isExactTuple(prefixItems, items, minItems, maxItems)) return { expression: `z.tuple([${elements.join(', ')}])`, checks };
    // prefixItems constrain the items that are there: an array may be shorter.
    const rest = items === false ? '' : `, ${items === undefined || items === true ? 'z.unknown()' : context.print(items, itemsPath)}`;
    let expression = `z.tuple([${elements.map((element) => `${element}.optional()`).join(', ')}]${indentLines(rest, 0)})`;
    if (typeof minItems === 'number') expression += `.check(z.minLength(${minItems}))`;
    if (typeof maxItems === 'number') expression += `.check(z.maxLength(${maxItems}))`;
    return { expression, checks };
  }
  const element =
    items === undefined || items === true || (isJsonObject(items) && Object.keys(items).length === 0)
      ? 'z.unknown()'
      : context.print(items, itemsPath);
  let expression = `z.array(${element})`;
  if (typeof minItems === 'number') expression += `.min(${minItems})`;
  if (typeof maxItems === 'number') expression += `.max(${maxItems})`;
  return { expression, checks };
}
