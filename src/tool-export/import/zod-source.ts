// A tool's JSON Schema as zod source for the Schema tab: readable zod code, a constant per schema a
// `$ref` points at (behind `z.lazy` where the references go round), the checks of ./checks it calls,
// and located errors for what cannot be written.
import type { JsonPath } from '../../llm/index.ts';
import { camelCase } from '../source/code-text.ts';
import { EmittedHelpers } from './emitted-helpers.ts';
import type { PrintContext } from './print-context.ts';
import { printNode } from './print-node.ts';
import { SchemaReferences, tokensFrom, type ReferenceTarget } from './schema-references.ts';
import { isJsonObject, type SchemaNote } from './schema-keywords.ts';

export interface ZodSource {
  source: string;
  notes: SchemaNote[];
}

const header = "import { z } from 'zod';\n\n";
const rootName = 'inputSchema';

interface Constant {
  name: string;
  expression: string;
  done: boolean;
  /** Referenced before it was declared (a cycle): declared with a type, since TypeScript cannot infer it. */
  lazy: boolean;
}

/** `['$defs', 'Address']` → `addressSchema`; a name already taken gets a number. */
function constantName(tokens: readonly string[], taken: Set<string>): string {
  const words = tokens.filter((token) => !['$defs', 'definitions', 'properties'].includes(token));
  const base = `${camelCase((words.at(-1) ?? 'definition').replace(/[^\w$-]/g, '_')).replace(/^./, (first) => first.toLowerCase())}Schema`;
  let name = base;
  for (let counter = 2; taken.has(name); counter++) name = `${base.slice(0, -'Schema'.length)}${counter}Schema`;
  taken.add(name);
  return name;
}

/** The tokens as a path in the pasted document (array indices as numbers), for located notes. */
function documentPath(schema: unknown, rootPath: JsonPath, tokens: readonly string[]): JsonPath {
  const path: (string | number)[] = [...rootPath];
  let node = schema;
  for (const token of tokens) {
    path.push(Array.isArray(node) ? Number(token) : token);
    node = Array.isArray(node) ? node[Number(token)] : isJsonObject(node) ? node[token] : undefined;
  }
  return path;
}

export function zodSourceFor(schema: unknown, path: JsonPath): ZodSource {
  const notes: SchemaNote[] = [];
  if (!isJsonObject(schema)) {
    notes.push({ path, keyword: '', severity: 'error', message: 'the input schema must be a JSON object' });
    return { source: '', notes };
  }
  const describesObject =
    schema.type === 'object' ||
    (schema.type === undefined && (isJsonObject(schema.properties) || schema.additionalProperties !== undefined));
  if (!describesObject)
    notes.push({
      path: [...path, 'type'],
      keyword: 'type',
      severity: 'error',
      message: `a tool's input schema must describe an object ("type": "object"), got ${JSON.stringify(schema.type ?? null)}`,
    });

  const references = new SchemaReferences(schema);
  // Every schema a $ref points at is written once, as a constant, wherever it is met.
  const targets = new Map<string, ReferenceTarget>();
  for (const { ref } of references.refs()) {
    const target = references.resolve(ref);
    if ('tokens' in target) targets.set(JSON.stringify(target.tokens), target);
  }
  const constants = new Map<string, Constant>();
  const taken = new Set([rootName]);
  const helpers = new EmittedHelpers();
  let rootReferenced = false;

  const constantFor = (target: ReferenceTarget): string => {
    if (target.tokens.length === 0) {
      rootReferenced = true;
      return `z.lazy(() => ${rootName})`;
    }
    const key = JSON.stringify(target.tokens);
    const existing = constants.get(key);
    if (existing?.done) return existing.name;
    if (existing) {
      existing.lazy = true;
      return `z.lazy(() => ${existing.name})`;
    }
    const constant: Constant = { name: constantName(target.tokens, taken), expression: '', done: false, lazy: false };
    constants.set(key, constant);
    // A constant may be one part of an intersection wherever it is used.
    constant.expression = printNode(target.node, documentPath(schema, path, target.tokens), context, { operand: true });
    constant.done = true;
    // Declared in the order finished: what a constant uses comes before it.
    constants.delete(key);
    constants.set(key, constant);
    return constant.name;
  };

  const context: PrintContext = {
    notes,
    helper: (name) => helpers.use(name),
    print(node, nodePath, options) {
      const tokens = tokensFrom(path, nodePath);
      const target = tokens && tokens.length > 0 ? targets.get(JSON.stringify(tokens)) : undefined;
      return target ? constantFor(target) : printNode(node, nodePath, context, options);
    },
    reference(ref, refPath) {
      const target = references.resolve(ref);
      if ('tokens' in target) return constantFor(target);
      notes.push({ path: refPath, keyword: '$ref', severity: 'error', message: target.problem });
      return undefined;
    },
  };
  // A root with properties but no "type" is still a tool's object of arguments.
  const main = printNode(schema, path, context, {
    types: schema.type === undefined ? ['object'] : undefined,
    operand: targets.has(JSON.stringify([])),
  });
  const declarations = [...constants.values()].map(
    (constant) => `const ${constant.name}${constant.lazy ? ': z.ZodType' : ''} = ${constant.expression};\n\n`,
  );
  const body = rootReferenced
    ? `const ${rootName}: z.ZodType<Record<string, unknown>> = ${main};\n\nexport default ${rootName};\n`
    : `export default ${main};\n`;
  return { source: `${header}${helpers.source()}${declarations.join('')}${body}`, notes };
}
