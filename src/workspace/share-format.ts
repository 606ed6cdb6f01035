// The JSON inside a share link. Format 1 (links made before issue 27) is the workspace itself; format 2 is
// `{ share: 2, workspace }` whose sample items, settings and samples offered are written as what differs
// from the samples (share-baseline.ts). Both open: a format-1 link has no `share` key.
import { applyDelta, deltaFrom, isSampleDelta, sameJson, sampleBaselines } from './share-baseline.ts';
import type { Result } from '../core/index.ts';
import type { Workspace } from './workspace-schema.ts';

export const SHARE_FORMAT = 2;
const SAMPLES_OFFERED_AS_SHIPPED = '$samples';

type Item = { name: string } & Record<string, unknown>;

/** What a link made today carries for `workspace` (already stripped of credentials and validated). */
export async function packForLink(workspace: Workspace): Promise<object> {
  const baselines = sampleBaselines();
  const { tools, scenarios, settings, samplesOffered, ...rest } = workspace;
  const packed: Record<string, unknown> = {
    ...rest,
    tools: await packItems(tools, baselines.tools),
    scenarios: await packItems(scenarios, baselines.scenarios),
    settings: await deltaFrom(baselines.settings, settings, 'settings'),
  };
  if (samplesOffered !== undefined)
    packed.samplesOffered = sameJson(samplesOffered, baselines.samplesOffered) ? SAMPLES_OFFERED_AS_SHIPPED : samplesOffered;
  return { share: SHARE_FORMAT, workspace: packed };
}

/** The workspace JSON (still unvalidated: migration and the schema check it next) a link carries. */
export async function unpackFromLink(raw: unknown): Promise<Result<{ workspace: unknown }>> {
  if (typeof raw !== 'object' || raw === null || !('share' in raw)) return { ok: true, workspace: raw };
  const { share, workspace } = raw as { share: unknown; workspace: unknown };
  if (share !== SHARE_FORMAT || typeof workspace !== 'object' || workspace === null)
    return {
      ok: false,
      message: `it is in share format ${JSON.stringify(share)}, which this Toolscope cannot read (a newer Toolscope made it)`,
    };
  const baselines = sampleBaselines();
  const packed = workspace as Record<string, unknown>;
  const unpacked: Record<string, unknown> = { ...packed };
  for (const [key, kind, bases] of [
    ['tools', 'tool', baselines.tools],
    ['scenarios', 'scenario', baselines.scenarios],
  ] as const) {
    if (!Array.isArray(packed[key])) continue;
    const items: unknown[] = [];
    for (const item of packed[key]) {
      const rebuilt = isSampleDelta(item) ? await applyDelta(bases.get(item.$sample), item, kind) : { ok: true as const, value: item };
      if (!rebuilt.ok) return rebuilt;
      items.push(rebuilt.value);
    }
    unpacked[key] = items;
  }
  if (isSampleDelta(packed.settings)) {
    const settings = await applyDelta(baselines.settings, packed.settings, 'settings');
    if (!settings.ok) return settings;
    unpacked.settings = settings.value;
  }
  if (packed.samplesOffered === SAMPLES_OFFERED_AS_SHIPPED) unpacked.samplesOffered = baselines.samplesOffered;
  return { ok: true, workspace: unpacked };
}

async function packItems(items: Item[], bases: Map<string, Record<string, unknown>>): Promise<unknown[]> {
  return Promise.all(
    items.map(async (item) => {
      const base = bases.get(item.name);
      return base ? deltaFrom(base, item, item.name) : item;
    }),
  );
}
