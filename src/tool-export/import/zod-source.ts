// A tool's JSON Schema as zod source for the Schema tab: readable zod code where the converter can
// write it, z.fromJSONSchema where only zod's own converter can, and located errors where nothing can.
import { checkForZod } from './runtime-check.ts';
import type { JsonPath } from '../../llm/index.ts';
import { camelCase } from '../source/code-text.ts';
import { printNode, type NodeContext } from './print-node.ts';
import { isJsonObject, type SchemaNote } from './schema-keywords.ts';
import { literal } from './zod-literals.ts';

export interface ZodSource {
  source: string;
  notes: SchemaNote[];
}

const header = "import { z } from 'zod';\n\n";

function definitionName(name: string): string {
  const identifier = camelCase(name.replace(/[^\w$-]/g, '_'));
  return `${identifier.charAt(0).toLowerCase()}${identifier.slice(1)}Schema`;
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

  const definitionsKey = isJsonObject(schema.$defs) ? '$defs' : 'definitions';
  const definitions = isJsonObject(schema[definitionsKey]) ? (schema[definitionsKey] as Record<string, unknown>) : {};
  const printed = new Map<string, { constant: string; expression: string }>();
  const inProgress = new Set<string>();
  let wholeAtRuntime: string | undefined;

  const context: NodeContext = {
    notes,
    print: (node, nodePath, depth) => printNode(node, nodePath, depth, context),
    convertWholeAtRuntime: (reason) => (wholeAtRuntime ??= reason),
    checkForZod: (node, nodePath) => checkForZod(node, nodePath, schema, notes),
    reference(ref, refPath) {
      const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
      if (ref === '#' || (match && inProgress.has(match[2] as string))) {
        wholeAtRuntime ??= `a recursive $ref (${ref})`;
        return undefined;
      }
      const name = match?.[2];
      if (!match || name === undefined || !Object.hasOwn(definitions, name)) {
        const external = !ref.startsWith('#');
        notes.push({
          path: refPath,
          keyword: '$ref',
          severity: 'error',
          message: external
            ? `external $ref "${ref}" cannot be followed: paste the schema it points to`
            : `$ref "${ref}" points to nothing in $defs`,
        });
        return undefined;
      }
      const done = printed.get(name);
      if (done) return done.constant;
      inProgress.add(name);
      const expression = printNode(definitions[name], [...path, definitionsKey, name], 0, context);
      inProgress.delete(name);
      const constant = definitionName(name);
      printed.set(name, { constant, expression });
      return constant;
    },
  };
  const main = printNode(schema, path, 0, context);
  if (wholeAtRuntime !== undefined) return wholeSchemaAtRuntime(schema, path, wholeAtRuntime);
  const constants = [...printed.values()].map((entry) => `const ${entry.constant} = ${entry.expression};\n\n`).join('');
  return { source: `${header}${constants}export default ${main};\n`, notes };
}

function wholeSchemaAtRuntime(schema: Record<string, unknown>, path: JsonPath, reason: string): ZodSource {
  // The printer's notes described code that is not written now; what counts is what zod will refuse.
  const kept: SchemaNote[] = [];
  checkForZod(schema, path, schema, kept);
  if (kept.length > 0) return { source: '', notes: kept };
  kept.push({
    path,
    keyword: '$ref',
    severity: 'warning',
    message: `${reason}: the whole schema is written as z.fromJSONSchema(…), so the code sees its input as unknown`,
  });
  const comment = `// Converted by zod when this module runs (z.fromJSONSchema): the schema has ${reason}, which Toolscope's converter does not write as zod code.\n`;
  return { source: `${header}${comment}export default z.fromJSONSchema(${literal(schema)});\n`, notes: kept };
}
