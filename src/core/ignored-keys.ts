import { joinPath } from './arguments.ts';
import type { JsonSchemaObject } from './tool.ts';

// A plain z.object drops keys it does not know. The model that sent them believes they did something
// (a hallucinated `units: "fahrenheit"`), so the executor reports them instead of dropping them in
// silence. What was dropped is read by comparing what the model sent with what validation produced,
// which works for every kind of tool (in-process zod, sandboxed, anything with a `validate`) and for
// unions, where only the branch that matched knows its keys. A key the JSON Schema declares is never
// reported, so a transform that renames or consumes a declared key is not mistaken for ignoring it.

/** More paths than this are not collected: the note the model reads stays short. */
export const maxIgnoredKeys = 100;

type SchemaNode = Record<string, unknown>;

/**
 * Paths (dot-joined, as validation issues are) of keys in `input` that validation left out of `data`
 * and that `parameters` does not declare. Never throws: a value it cannot read reports nothing.
 */
export function findIgnoredKeys(input: unknown, data: unknown, parameters: JsonSchemaObject): string[] {
  return ignoredKeysOf(input, data, parameters) ?? [];
}

/** findIgnoredKeys for the executor: undefined when there are none, so nearly every call allocates nothing. */
export function ignoredKeysOf(input: unknown, data: unknown, parameters: JsonSchemaObject): string[] | undefined {
  // The common case costs nothing: validation returned the very object it was given.
  // Stryker disable next-line ConditionalExpression: losesAKey() answers false at once for identical values too; this only skips the try.
  if (input === data) return undefined;
  try {
    // Nearly every call keeps all its keys: a scan that builds nothing says so, and only a call that
    // lost one pays for paths and schema lookups (issue 30: the walk was a quarter of a call's cost).
    if (!losesAKey(input, data)) return undefined;
    const found: string[] = [];
    walk(input, data, () => [parameters], [], found, new Resolver(parameters));
    // A call that lost only declared keys (a transform consumed them) has none to report.
    return found.length > 0 ? found : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether some key of `input` (at any depth walk() would look) is missing from `data`. The same
 * descent as walk(), with no paths, closures or key lists.
 */
function losesAKey(input: unknown, data: unknown): boolean {
  // Stryker disable next-line ConditionalExpression: a shortcut only; identical values lack no key, and the walk below finds none.
  if (input === data) return false;
  if (Array.isArray(input)) {
    if (!Array.isArray(data) || data.length !== input.length) return false;
    for (let index = 0; index < input.length; index++) if (losesAKey(input[index], data[index])) return true;
    return false;
  }
  if (!isRecord(input) || !isRecord(data)) return false;
  // Own keys, as walk() reads them (a for-in with a hasOwn check per key was twice as slow).
  const keys = Object.keys(input);
  // Stryker disable next-line EqualityOperator: one step past the end reads the key undefined, which data lacks: walk() then looks and finds nothing, the same answer.
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (!Object.hasOwn(data, key)) return true;
    const value = input[key];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut only; a value that is not an object has no keys to lose, and losesAKey answers false for it.
    if (typeof value === 'object' && value !== null && losesAKey(value, data[key])) return true;
  }
  return false;
}

function walk(input: unknown, data: unknown, schemas: () => SchemaNode[], path: PropertyKey[], found: string[], resolver: Resolver): void {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a shortcut only. The key loop below checks the limit before every push, and identical values lack no key.
  if (found.length >= maxIgnoredKeys || input === data) return;
  if (Array.isArray(input)) {
    if (!Array.isArray(data) || data.length !== input.length) return;
    input.forEach((item, index) => walk(item, data[index], () => resolver.items(schemas(), index), [...path, index], found, resolver));
    return;
  }
  if (!isRecord(input) || !isRecord(data)) return;
  // Resolved once per object, and only when a key is missing: most objects lose nothing.
  let nodes: SchemaNode[] | undefined;
  const nodesHere = () => (nodes ??= resolver.expand(schemas()));
  for (const key of Object.keys(input)) {
    if (found.length >= maxIgnoredKeys) return;
    if (Object.hasOwn(data, key)) {
      walk(input[key], data[key], () => resolver.property(nodesHere(), key), [...path, key], found, resolver);
    } else if (!resolver.declares(nodesHere(), key)) {
      found.push(joinPath([...path, key]));
    }
  }
}

/** Reads the parts of a JSON Schema (as zod's toJSONSchema writes them) that say which keys exist. */
class Resolver {
  constructor(private readonly root: SchemaNode) {}

  /** The schema nodes that apply to one value: references followed, unions and intersections opened. */
  expand(nodes: SchemaNode[]): SchemaNode[] {
    // Stryker disable next-line ArrayDeclaration: a string among the nodes declares nothing (it has no properties, patternProperties or additionalProperties).
    const result: SchemaNode[] = [];
    const seen = new Set<SchemaNode>();
    const visit = (node: unknown): void => {
      if (!isRecord(node) || seen.has(node) || seen.size > 200) return;
      seen.add(node);
      result.push(node);
      if (typeof node.$ref === 'string') visit(this.reference(node.$ref));
      for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
        const branches = node[keyword];
        if (Array.isArray(branches)) branches.forEach(visit);
      }
    };
    nodes.forEach(visit);
    return result;
  }

  /** A key is declared when some branch names it, or lets unknown keys through on purpose. */
  declares(nodes: SchemaNode[], key: string): boolean {
    return nodes.some((node) => {
      if (isRecord(node.properties) && Object.hasOwn(node.properties, key)) return true;
      if (isRecord(node.patternProperties)) return true;
      return node.additionalProperties === true || isRecord(node.additionalProperties);
    });
  }

  property(nodes: SchemaNode[], key: string): SchemaNode[] {
    return nodes.flatMap((node) => {
      const declared = isRecord(node.properties) ? node.properties[key] : undefined;
      if (isRecord(declared)) return [declared];
      // Stryker disable next-line ArrayDeclaration: for the empty branch; whatever is not a record is dropped by expand() before anyone reads it (the other branch is tested).
      return isRecord(node.additionalProperties) ? [node.additionalProperties] : [];
    });
  }

  items(nodes: SchemaNode[], index: number): SchemaNode[] {
    return this.expand(nodes).flatMap((node) => {
      const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems[index] as unknown) : undefined;
      if (isRecord(prefix)) return [prefix];
      // Stryker disable next-line ArrayDeclaration: for the empty branch; whatever is not a record is dropped by expand() before anyone reads it (the other branch is tested).
      return isRecord(node.items) ? [node.items] : [];
    });
  }

  /** Local references only (`#`, `#/$defs/name`, `#/definitions/name`); others resolve to nothing. */
  private reference(ref: string): unknown {
    if (ref === '#') return this.root;
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = this.root;
    for (const segment of ref.slice(2).split('/')) {
      if (!isRecord(node)) return undefined;
      const key = decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
      node = Object.hasOwn(node, key) ? node[key] : undefined;
    }
    return node;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
