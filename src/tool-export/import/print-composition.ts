// The applicators that combine subschemas: allOf (each applies), anyOf (`z.union`), oneOf (`z.xor`:
// exactly one), not, and if/then/else. Each is a part of the node, beside its type and other keywords.
import type { JsonPath } from '../../llm/index.ts';
import type { PrintContext } from './print-context.ts';
import { isJsonObject, type Keywords } from './schema-keywords.ts';
import { indentLines } from './zod-literals.ts';

const list = (options: string[]) => `[\n  ${options.map((option) => indentLines(option, 1)).join(',\n  ')},\n]`;

const isBareNull = (option: unknown) => isJsonObject(option) && option.type === 'null' && Object.keys(option).length === 1;

/**
 * The applicator parts of a node. `types` are the node's own, which every branch sees too; `operand`:
 * the node is an intersection, so a branch that stands for the node's value is one of its parts.
 */
export function compositionParts(
  keywords: Keywords,
  path: JsonPath,
  context: PrintContext,
  { types, operand }: { types?: readonly string[]; operand: boolean },
): string[] {
  const parts: string[] = [];
  const branches = (keyword: string) =>
    (keywords.take(keyword) as unknown[]).map((option, index) => context.print(option, [...path, keyword, index], { types, operand }));
  if (Array.isArray(keywords.node.allOf)) parts.push(...branches('allOf'));
  if (Array.isArray(keywords.node.anyOf)) {
    const nullIndex = keywords.node.anyOf.findIndex(isBareNull);
    const options = branches('anyOf');
    // What zod writes for `.nullable()`.
    if (options.length === 2 && nullIndex !== -1) parts.push(`${options[1 - nullIndex] as string}.nullable()`);
    else parts.push(options.length === 1 ? (options[0] as string) : `z.union(${list(options)})`);
  }
  if (Array.isArray(keywords.node.oneOf)) {
    const options = branches('oneOf');
    parts.push(options.length === 1 ? (options[0] as string) : `z.xor(${list(options)})`);
  }
  if (keywords.has('not')) {
    const negated = context.print(keywords.take('not'), [...path, 'not'], { types });
    parts.push(
      negated === 'z.unknown()'
        ? 'z.never()'
        : `z.unknown().refine((value) => !${indentLines(negated, 0)}.safeParse(value).success, 'must not match the "not" schema')`,
    );
  }
  if (keywords.has('if')) {
    const condition = context.print(keywords.take('if'), [...path, 'if']);
    const branch = (keyword: string) => (keywords.has(keyword) ? context.print(keywords.take(keyword), [...path, keyword]) : 'undefined');
    const [then, otherwise] = [branch('then'), branch('else')];
    if (then !== 'undefined' || otherwise !== 'undefined')
      parts.push(`z.unknown().superRefine(${context.helper('checkConditional')}(${[condition, then, otherwise].join(', ')}))`);
  } else {
    // Without `if`, `then` and `else` do nothing.
    keywords.take('then');
    keywords.take('else');
  }
  return parts;
}
