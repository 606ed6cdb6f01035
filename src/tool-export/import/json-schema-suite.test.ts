import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownTable, runJsonSchemaSuite, tableOf } from './json-schema-suite.test-support.ts';
import { typeCheckFiles } from '../type-check-files.test-support.ts';

// Issue 26: import follows JSON Schema draft 2020-12, measured against the official JSON-Schema-Test-Suite
// (vendored in __fixtures__/json-schema-test-suite, MIT). Each case is pasted as an MCP tool definition
// through the real import path; the zod it writes must agree with the suite's `valid`, and whatever the
// importer cannot write it must refuse by name. JSON_SCHEMA_SUITE_TABLE=path writes the per-keyword table.

const results = runJsonSchemaSuite();

describe('import against the JSON-Schema-Test-Suite (draft 2020-12)', () => {
  it('agrees with the suite on at least 99 % of the cases of every keyword it does not refuse', () => {
    const table = tableOf(results);
    if (process.env.JSON_SCHEMA_SUITE_TABLE) writeFileSync(process.env.JSON_SCHEMA_SUITE_TABLE, `${markdownTable(table)}\n`);
    expect(table.length).toBeGreaterThan(40);
    for (const row of table) {
      const answered = row.cases - row.counts.refused;
      if (answered > 0) expect(row.counts.agree / answered, `${row.keyword}: ${JSON.stringify(row.counts)}`).toBeGreaterThanOrEqual(0.99);
    }
    // Never a wrong answer while saying the keyword is checked.
    expect(results.filter((result) => result.verdict === 'disagree while claiming checked')).toEqual([]);
  });

  it('refuses only by name: each refused case says which keyword or reference cannot be written', () => {
    const refused = results.filter((result) => result.verdict === 'refused');
    for (const result of refused)
      expect(result.notes.filter((note) => note.startsWith('error:')).join('\n'), `${result.keyword} / ${result.group}`).toMatch(
        /"(unevaluatedProperties|unevaluatedItems|\$dynamicRef|\$dynamicAnchor)" cannot be written as zod|\$ref ".*" (in a schema with a nested \$id cannot be followed|cannot be followed: paste the schema)/,
      );
  });

  it('writes schema modules that TypeScript accepts as they are', { timeout: 120_000 }, () => {
    const sources = new Set(results.filter((result) => result.verdict !== 'refused').map((result) => result.schemaSource));
    const files = Object.fromEntries([...sources].map((source, index) => [`suite-${index}.ts`, source]));
    expect(typeCheckFiles(files)).toEqual([]);
    // Nor a helper it does not call (the Schema tab would flag it as declared but never read).
    for (const source of sources)
      for (const [, name] of source.matchAll(/^(?:function|const) (\w+)/gm))
        expect(source.split(new RegExp(`\\b${name}\\b`)).length - 1, `${name} in\n${source}`).toBeGreaterThan(1);
  });
});
