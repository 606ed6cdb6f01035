// The meta-schemas a server's inputSchema is checked against when its tools are listed, so a schema that
// is not JSON Schema is shown as such before any call. The JSON files are Ajv's copies of the official
// meta-schemas (data, no code). Draft 2020-12's own meta-schema needs `$dynamicRef`, which
// @cfworker/json-schema does not follow: 2020-12 schemas are checked against 2019-09's, which differs
// from it in what it allows more (`items` as an array), not less.
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import draft2019 from 'ajv/dist/refs/json-schema-2019-09/schema.json';
import applicator from 'ajv/dist/refs/json-schema-2019-09/meta/applicator.json';
import content from 'ajv/dist/refs/json-schema-2019-09/meta/content.json';
import core from 'ajv/dist/refs/json-schema-2019-09/meta/core.json';
import format from 'ajv/dist/refs/json-schema-2019-09/meta/format.json';
import metaData from 'ajv/dist/refs/json-schema-2019-09/meta/meta-data.json';
import validation from 'ajv/dist/refs/json-schema-2019-09/meta/validation.json';
import { schemaCheck, type SchemaCheck, type SchemaDraft } from './schema-validator.ts';

let draft07Check: SchemaCheck | undefined;
let draft2019Check: SchemaCheck | undefined;

/** The check of a schema of `draft` against its meta-schema, made on first use; none for draft-04 (no copy of it). */
export function metaSchemaCheck(draft: SchemaDraft): SchemaCheck | undefined {
  if (draft === '4') return undefined;
  if (draft === '7') return (draft07Check ??= schemaCheck(draft07, '7'));
  return (draft2019Check ??= schemaCheck(draft2019, '2019-09', [core, applicator, validation, metaData, format, content]));
}
