// Share links carry what differs from the samples (issue 27): a near-default workspace is mostly the
// sample tools and scenarios as shipped, and sending their sources again made a 19 kB link for a one-line
// edit. A tool or scenario named like a sample becomes `{ $sample, $hash, ...fields that differ }`; the
// settings and the samples offered, what differs from the defaults. `$hash` fingerprints the sample values
// the link left out, so a link opened by a Toolscope whose samples changed since is refused with a clear
// message instead of opening with someone else's code in it.
import { sampleNames, sampleScenarios, sampleTools } from '../samples/index.ts';
import { defaultRunSettings, scenarioSourceFromSample, toolSourceFromSample } from './default-workspace.ts';
import type { Result } from '../core/index.ts';

type Fields = Record<string, unknown>;

/** What an item of a link made against the samples looks like; a saved item never has `$sample`. */
export interface SampleDelta extends Fields {
  $sample: string;
  $hash: string;
  /** Keys the sample has and the item has not (a per-tool timeout the person removed). */
  $removed?: string[];
  /** Texts edited from the sample's (a line changed in its code): only the changed middle travels. */
  $edits?: Record<string, TextEdit>;
}

/** [characters kept from the start, characters kept from the end, what replaces the rest]. */
type TextEdit = [number, number, string];

interface Baselines {
  tools: Map<string, Fields>;
  scenarios: Map<string, Fields>;
  settings: Fields;
  samplesOffered: string[];
}

let cachedBaselines: Baselines | undefined;

/** The samples as a new workspace holds them, minus ids (those are random; a link always carries them). */
export function sampleBaselines(): Baselines {
  cachedBaselines ??= {
    tools: new Map(sampleTools.map((sample) => [sample.name, withoutId(toolSourceFromSample(sample))])),
    scenarios: new Map(sampleScenarios.map((sample) => [sample.name, withoutId(scenarioSourceFromSample(sample))])),
    settings: asJson(defaultRunSettings),
    samplesOffered: sampleNames(),
  };
  return cachedBaselines;
}

/** The fields of `value` that differ from `base`, and a fingerprint of the sample values it relies on. */
export async function deltaFrom(base: Fields, value: Fields, sample: string): Promise<SampleDelta> {
  const plain = asJson(value);
  const changed: Fields = {};
  const edits: Record<string, TextEdit> = {};
  for (const [key, field] of Object.entries(plain)) {
    if (key in base && sameJson(base[key], field)) continue;
    const edit = typeof base[key] === 'string' && typeof field === 'string' ? textEdit(base[key], field) : undefined;
    if (edit) edits[key] = edit;
    else changed[key] = field;
  }
  // In the sample's key order, as applyDelta rebuilds them; an edited text relies on the sample's text too.
  const used = Object.entries(base).filter(([key]) => key in plain && !(key in changed));
  const removed = Object.keys(base).filter((key) => !(key in plain));
  return {
    $sample: sample,
    $hash: await fingerprint(used),
    ...(removed.length > 0 ? { $removed: removed } : {}),
    ...(Object.keys(edits).length > 0 ? { $edits: edits } : {}),
    ...changed,
  };
}

/** The item back from its delta, or why it cannot be rebuilt here. */
export async function applyDelta(base: Fields | undefined, delta: SampleDelta, kind: string): Promise<Result<{ value: Fields }>> {
  const { $sample: sample, $hash: hash, $removed: removedField, $edits: editsField, ...changed } = delta;
  const removed: unknown[] = Array.isArray(removedField) ? removedField : [];
  const differentSample = `it was made with a different version of the sample ${kind} "${sample}" than this Toolscope has; ask for the workspace as an exported file`;
  if (!base) return { ok: false, message: differentSample };
  const used = Object.entries(base).filter(([key]) => !(key in changed) && !removed.includes(key));
  if ((await fingerprint(used)) !== hash) return { ok: false, message: differentSample };
  const value: Fields = { ...Object.fromEntries(used), ...changed };
  for (const [key, edit] of Object.entries(isRecord(editsField) ? editsField : {})) {
    const text = value[key];
    if (typeof text !== 'string' || !isTextEdit(edit))
      return { ok: false, message: `its ${kind} "${sample}" has a damaged edit of ${key}` };
    value[key] = applyTextEdit(text, edit);
  }
  return { ok: true, value };
}

export function isSampleDelta(value: unknown): value is SampleDelta {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Fields).$sample === 'string' &&
    typeof (value as Fields).$hash === 'string'
  );
}

export function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** 48 bits of SHA-256 in base64url: enough to tell two versions of a sample apart, short in a link. */
async function fingerprint(entries: [string, unknown][]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(entries)));
  return btoa(String.fromCharCode(...new Uint8Array(digest).subarray(0, 6)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** The sample's text with its common start and end kept; undefined when that saves nothing. */
function textEdit(before: string, after: string): TextEdit | undefined {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end += 1;
  const middle = after.slice(start, after.length - end);
  return middle.length + 16 < after.length ? [start, end, middle] : undefined;
}

function applyTextEdit(before: string, [start, end, middle]: TextEdit): string {
  return before.slice(0, start) + middle + before.slice(before.length - end);
}

function isTextEdit(value: unknown): value is TextEdit {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [start, end, middle] = value as unknown[];
  return Number.isInteger(start) && Number.isInteger(end) && (start as number) >= 0 && (end as number) >= 0 && typeof middle === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutId({ id: _id, ...rest }: { id: string }): Fields {
  return asJson(rest);
}

/** Drops undefined fields, as the link's JSON does, so "absent" means the same on both sides. */
function asJson(value: object): Fields {
  return JSON.parse(JSON.stringify(value)) as Fields;
}
