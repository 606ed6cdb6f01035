// The meta-schema a server's inputSchema is checked against when its tools are listed, so a schema that is
// not JSON Schema is shown as such before any call. The JSON is Ajv's copy of the official draft-07
// meta-schema (data, no code). It serves the later drafts too: 2020-12's own needs `$dynamicRef`, which
// @cfworker/json-schema does not follow, and 2019-09's took three times as long per tool; what draft-07's
// does not know (prefixItems, $defs…) it lets pass, so it never refuses a valid 2020-12 schema, and it
// catches what breaks one (`"type": "integer-ish"`, `"minimum": "zero"`).
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { schemaCheck, type SchemaCheck, type SchemaDraft } from '../../core/index.ts';

let draft07Check: SchemaCheck | undefined;

/**
 * The check of a schema of `draft` against the meta-schema, made on first use; none for draft-04 (whose
 * `exclusiveMinimum: true` draft-07 refuses). It stops at the first failure: only valid or not is needed.
 */
export function metaSchemaCheck(draft: SchemaDraft): SchemaCheck | undefined {
  if (draft === '4') return undefined;
  return (draft07Check ??= schemaCheck(draft07, '7', { stopAtFirstFailure: true }));
}
