// What each printer of a schema node gets from the module being written (zod-source.ts).
import type { JsonPath } from '../../llm/index.ts';
import type { SchemaNote } from './schema-keywords.ts';

export interface PrintOptions {
  /**
   * The types the enclosing schema allows: a branch of `anyOf` under `"type": "string"` only ever sees
   * strings, so its `maxLength` is a string's (the branch is written as a string schema).
   */
  types?: readonly string[];
  /** A required property: its `default` is kept as metadata, since zod's `.default()` would make it optional. */
  required?: boolean;
  /**
   * The value is one part of an intersection (`.and()`), directly or through a union, `.nullable()` or a
   * constant: its objects must not rely on zod's strictObject there (see print-object.ts).
   */
  operand?: boolean;
}

export interface PrintContext {
  notes: SchemaNote[];
  /** A subschema as a zod expression (or the constant it is written as, when a `$ref` points at it). */
  print(node: unknown, path: JsonPath, options?: PrintOptions): string;
  /** `#/$defs/Name` (or any pointer or anchor) → the constant it is written as; undefined when it resolves to nothing. */
  reference(ref: string, path: JsonPath): string | undefined;
  /** Declares a helper of ./checks in the module; returns the name to call it by. */
  helper(name: string): string;
}

/** A note on the node at `path`. */
export function note(context: PrintContext, path: JsonPath, keyword: string, severity: SchemaNote['severity'], message: string): void {
  context.notes.push({ path: keyword === '' ? path : [...path, keyword], keyword, severity, message });
}
