// Test-only: the official JSON-Schema-Test-Suite (draft 2020-12, vendored in import/__fixtures__) run
// through the real import path. Each case is pasted as an MCP tool definition, the generated zod source
// is evaluated as the sandbox evaluates it, and its verdict on the case's data is compared with the
// suite's `valid`. ajv (2020-12, with ajv-formats) answers each case too, as a reference.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadSchema } from '../../samples/evaluate-sample.test-support.ts';
import { previewImport, type ImportCandidate } from './import-tools.ts';

const suiteRoot = fileURLToPath(new URL('./__fixtures__/json-schema-test-suite/tests/draft2020-12/', import.meta.url));

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

export type Verdict = 'agree' | 'refused' | 'disagree silently' | 'disagree with a warning' | 'disagree while claiming checked';

export interface CaseResult {
  keyword: string;
  group: string;
  test: string;
  verdict: Verdict;
  /** ajv's answer agrees with the suite. */
  ajvAgrees: boolean;
  /** What the importer said, and the zod it wrote (for reading a disagreement). */
  notes: string[];
  schemaSource: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** `#/…` pointers (and refs to the root's `$id`) of a schema that now sits at `#/properties/value`, its $defs at the root. */
function rebase(node: unknown, rootId: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => rebase(item, rootId));
  if (!isPlainObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string') {
        const fragment = value.startsWith('#')
          ? value
          : typeof rootId === 'string' && value.startsWith(rootId)
            ? `#${value.slice(rootId.length).replace(/^#/, '')}`
            : undefined;
        if (fragment === undefined || !(fragment === '#' || fragment.startsWith('#/'))) return [key, value];
        const kept = /^#\/(\$defs|definitions)(\/|$)/.test(fragment);
        return [key, kept ? fragment : `#/properties/value${fragment.slice(1)}`];
      }
      // Values are data, not schemas: a const of {"$ref": "#"} stays as it is.
      if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') return [key, value];
      return [key, rebase(value, rootId)];
    }),
  );
}

/** The schema refers to its own root (`#`, or its `$id`): giving the root a type would change what those refs mean. */
function refersToRoot(schema: Record<string, unknown>): boolean {
  const roots = new Set(['#', ...(typeof schema.$id === 'string' ? [schema.$id, `${schema.$id}#`] : [])]);
  const refs = JSON.stringify(schema).match(/"\$ref":"[^"]*"/g) ?? [];
  return refs.some((ref) => roots.has(JSON.parse(`{${ref}}`).$ref as string));
}

/**
 * A case as a tool's input: a tool takes an object, so a schema for other data is the schema of a
 * required property `value` (its `$id`, `$schema` and `$defs` stay at the root, where its pointers point).
 * A root schema without `type` is given the type of the case's data, which never changes `valid`
 * (unless the schema refers to its root: such a schema is always a property).
 */
export function asToolInput(schema: unknown, data: unknown): { inputSchema: Record<string, unknown>; data: unknown } {
  const direct = isPlainObject(schema) && !refersToRoot(schema) && isPlainObject(data) && (schema.type ?? 'object') === 'object';
  if (direct) return { inputSchema: { ...schema, type: 'object' }, data };
  const root: Record<string, unknown> = { type: 'object' };
  let inner: unknown = schema;
  if (isPlainObject(schema)) {
    const { $id, $schema, $defs, definitions, ...rest } = schema;
    const hoisted = Object.entries({ $schema, $id, $defs: rebase($defs, $id), definitions: rebase(definitions, $id) });
    Object.assign(root, Object.fromEntries(hoisted.filter(([, value]) => value !== undefined)));
    inner = rebase(refersToRoot(schema) ? rest : { ...rest, type: rest.type ?? jsonType(data) }, $id);
  }
  return { inputSchema: { ...root, properties: { value: inner }, required: ['value'] }, data: { value: data } };
}

function walk(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(directory, entry.name)) : entry.name.endsWith('.json') ? [join(directory, entry.name)] : [],
  );
}

/** `minLength.json` → `minLength`; `optional/format/email.json` → `format: email`. */
function keywordOf(file: string): string {
  const name = relative(suiteRoot, file).replace(/\.json$/, '');
  if (name.startsWith('optional/format/')) return `format: ${name.slice('optional/format/'.length)}`;
  if (name === 'optional/ecmascript-regex') return 'pattern (ECMAScript regex)';
  if (name === 'optional/non-bmp-regex') return 'pattern (non-BMP)';
  return name;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** One ajv per group (ids must not clash across groups), compiled once. */
function ajvValidator(schema: unknown): ((data: unknown) => boolean) | undefined {
  try {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema as object);
    return (data) => validate(data) as boolean;
  } catch {
    return undefined;
  }
}

interface Imported {
  candidate: ImportCandidate | undefined;
  /** The generated schema's verdict, or 'broken' when its source does not even run. */
  accepts: (data: unknown) => boolean | 'broken';
}

function importCase(inputSchema: unknown, description: string): Imported {
  const pasted = JSON.stringify({ tools: [{ name: 'suite_case', description, inputSchema }] });
  const candidate = previewImport(pasted, { takenNames: [] }).candidates[0];
  if (!candidate?.importable) return { candidate, accepts: () => false };
  try {
    const schema = loadSchema({ schemaSource: candidate.schemaSource });
    return { candidate, accepts: (data) => schema.safeParse(data).success };
  } catch {
    return { candidate, accepts: () => 'broken' };
  }
}

function importVerdict({ candidate, accepts }: Imported, data: unknown, valid: boolean): Verdict {
  if (!candidate || !candidate.importable) return 'refused';
  const accepted = accepts(data);
  // Source that does not even run is the worst kind of disagreement, and never announced.
  if (accepted === 'broken') return 'disagree silently';
  if (accepted === valid) return 'agree';
  if (candidate.notes.some((note) => /checked when the schema runs/.test(note.message))) return 'disagree while claiming checked';
  return candidate.notes.some((note) => note.severity === 'warning') ? 'disagree with a warning' : 'disagree silently';
}

/** Every case of the vendored suite, answered by the importer's zod and by ajv. */
export function runJsonSchemaSuite(): CaseResult[] {
  const results: CaseResult[] = [];
  for (const file of walk(suiteRoot).sort()) {
    const keyword = keywordOf(file);
    for (const group of JSON.parse(readFileSync(file, 'utf8')) as SuiteGroup[]) {
      const ajv = ajvValidator(group.schema);
      // Cases whose data has the same type paste the same tool: imported once.
      const imports = new Map<string, Imported>();
      for (const test of group.tests) {
        const { inputSchema, data } = asToolInput(group.schema, test.data);
        const key = JSON.stringify(inputSchema);
        const imported = imports.get(key) ?? importCase(inputSchema, group.description);
        imports.set(key, imported);
        results.push({
          keyword,
          group: group.description,
          test: test.description,
          verdict: importVerdict(imported, data, test.valid),
          ajvAgrees: ajv?.(test.data) === test.valid,
          notes: imported.candidate?.notes.map((note) => `${note.severity}: ${note.path}: ${note.message}`) ?? [],
          schemaSource: imported.candidate?.schemaSource ?? '',
        });
      }
    }
  }
  return results;
}

export interface KeywordRow {
  keyword: string;
  cases: number;
  counts: Record<Verdict, number>;
  ajvAgrees: number;
}

export function tableOf(results: readonly CaseResult[]): KeywordRow[] {
  const rows = new Map<string, KeywordRow>();
  for (const result of results) {
    const row = rows.get(result.keyword) ?? {
      keyword: result.keyword,
      cases: 0,
      ajvAgrees: 0,
      counts: {
        agree: 0,
        refused: 0,
        'disagree silently': 0,
        'disagree with a warning': 0,
        'disagree while claiming checked': 0,
      },
    };
    row.cases++;
    row.counts[result.verdict]++;
    if (result.ajvAgrees) row.ajvAgrees++;
    rows.set(result.keyword, row);
  }
  return [...rows.values()];
}

/** The table as Markdown: one row per keyword, then the totals. */
export function markdownTable(rows: readonly KeywordRow[]): string {
  const total: KeywordRow = {
    keyword: '**all**',
    cases: 0,
    ajvAgrees: 0,
    counts: { agree: 0, refused: 0, 'disagree silently': 0, 'disagree with a warning': 0, 'disagree while claiming checked': 0 },
  };
  for (const row of rows) {
    total.cases += row.cases;
    total.ajvAgrees += row.ajvAgrees;
    for (const verdict of Object.keys(row.counts) as Verdict[]) total.counts[verdict] += row.counts[verdict];
  }
  const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);
  const line = (row: KeywordRow) => {
    const { counts } = row;
    const answered = row.cases - counts.refused;
    return `| ${row.keyword} | ${row.cases} | ${counts.agree} | ${counts.refused} | ${counts['disagree silently']} | ${counts['disagree with a warning']} | ${counts['disagree while claiming checked']} | ${percent(counts.agree, answered)} | ${percent(row.ajvAgrees, row.cases)} |`;
  };
  return [
    '| keyword | cases | agree | refused | disagree silently | disagree, warned | disagree, claimed "checked" | agree of not refused | ajv agrees |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(line),
    line(total),
  ].join('\n');
}
