// Where a `$ref` points within the pasted schema: a JSON pointer (`#/$defs/a`, `#/properties/foo`, with
// `~0`, `~1` and percent-escapes), an `$anchor` (`#name`), or the root (`#`, or the root's own `$id`).
// Refs that need a base URI from a nested `$id`, or another document, are refused by name.
import type { JsonPath } from '../../llm/index.ts';
import { isJsonObject } from './schema-keywords.ts';

export interface ReferenceTarget {
  /** The pointer's tokens from the root: one key per target, however the ref spelled it. */
  tokens: string[];
  node: unknown;
}

/** Values that are data, not schemas: a `$ref` inside a `const` is a string like any other. */
const dataKeywords = new Set(['const', 'enum', 'default', 'examples']);

/** Every subschema with its tokens from the root. */
function* subschemas(node: unknown, tokens: string[] = []): Generator<{ node: unknown; tokens: string[] }> {
  yield { node, tokens };
  if (Array.isArray(node)) for (const [index, item] of node.entries()) yield* subschemas(item, [...tokens, String(index)]);
  else if (isJsonObject(node))
    for (const [key, value] of Object.entries(node))
      if (!dataKeywords.has(key) && typeof value === 'object') yield* subschemas(value, [...tokens, key]);
}

export class SchemaReferences {
  private readonly rootId: string | undefined;
  /** A `$id` below the root changes what a relative ref means: not followed. */
  private readonly nestedId: boolean;

  constructor(private readonly root: Record<string, unknown>) {
    this.rootId = typeof root.$id === 'string' ? root.$id.replace(/#$/, '') : undefined;
    this.nestedId = [...subschemas(root)].some(
      ({ node, tokens }) => tokens.length > 0 && isJsonObject(node) && typeof node.$id === 'string',
    );
  }

  /** The refs of the schema, each with where it is (tokens from the root). */
  refs(): { ref: string; tokens: string[] }[] {
    return [...subschemas(this.root)].flatMap(({ node, tokens }) =>
      isJsonObject(node) && typeof node.$ref === 'string' ? [{ ref: node.$ref, tokens }] : [],
    );
  }

  resolve(ref: string): ReferenceTarget | { problem: string } {
    if (this.nestedId) return { problem: `$ref "${ref}" in a schema with a nested $id cannot be followed: its base URI is not supported` };
    let fragment: string | undefined;
    if (ref.startsWith('#')) fragment = ref.slice(1);
    else if (this.rootId !== undefined && (ref === this.rootId || ref.startsWith(`${this.rootId}#`)))
      fragment = ref.slice(this.rootId.length + 1);
    if (fragment === undefined) return { problem: `external $ref "${ref}" cannot be followed: paste the schema it points to` };
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      return { problem: `$ref "${ref}" is not a valid URI fragment` };
    }
    if (fragment !== '' && !fragment.startsWith('/')) {
      const anchored = [...subschemas(this.root)].find(({ node }) => isJsonObject(node) && node.$anchor === fragment);
      return anchored ? { tokens: anchored.tokens, node: anchored.node } : { problem: `$ref "${ref}" names no $anchor in this schema` };
    }
    const tokens =
      fragment === ''
        ? []
        : fragment
            .slice(1)
            .split('/')
            .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node: unknown = this.root;
    for (const token of tokens) {
      node = Array.isArray(node) ? node[Number(token)] : isJsonObject(node) && Object.hasOwn(node, token) ? node[token] : undefined;
      if (node === undefined) return { problem: `$ref "${ref}" points to nothing in this schema` };
    }
    if (typeof node !== 'boolean' && !isJsonObject(node)) return { problem: `$ref "${ref}" points to a value that is not a schema` };
    return { tokens, node };
  }
}

/** The tokens of a path in the pasted document, from the schema's root (undefined when outside it). */
export function tokensFrom(rootPath: JsonPath, path: JsonPath): string[] | undefined {
  if (path.length < rootPath.length || rootPath.some((segment, index) => path[index] !== segment)) return undefined;
  return path.slice(rootPath.length).map(String);
}
