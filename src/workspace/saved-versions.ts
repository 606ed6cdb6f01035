// A tool's versions in the workspace. The rules (a new version starts as a canary at 0%, 100% promotes,
// Rollback undoes the latest step) are core's ToolVersions (docs/adr/0003), the same class that routes a
// run's calls; this file only maps what the workspace saves onto it and back:
// - the sources of every version: the frozen ones in `tool.versions`, the newest in the editors;
// - the split of traffic, `tool.traffic`, exactly as ToolVersions reports and restores it.
// "New version" freezes the editors' sources and deploys the next version, which the editors then hold.
import { ToolVersions, type ToolVersionInfo } from '../core/index.ts';
import type { ToolSource, VersionTrafficSettings } from './workspace-schema.ts';

export const firstVersionLabel = 'v1';

export const currentVersionLabel = (tool: ToolSource): string => tool.version ?? firstVersionLabel;

/** One version's sources, as the tool's ToolVersions holds them. */
export interface VersionSources {
  name: string;
  version: string;
  schemaSource: string;
  codeSource: string;
  /** Absent for the version in the editors. */
  frozenAt?: string;
}

export interface VersionRow extends ToolVersionInfo {
  frozenAt?: string;
  inEditors: boolean;
}

/** Every version's sources, oldest first; the editors' version last. A repeated label keeps its first copy. */
export function versionSources(tool: ToolSource): VersionSources[] {
  const frozen = (tool.versions ?? []).map((entry) => ({ name: tool.name, ...entry }));
  const inEditors = { name: tool.name, version: currentVersionLabel(tool), schemaSource: tool.schemaSource, codeSource: tool.codeSource };
  const seen = new Set<string>();
  return [...frozen, inEditors].filter((entry) => !seen.has(entry.version) && Boolean(seen.add(entry.version)));
}

/** The split when nothing was saved (or what was saved does not fit the versions): the editors' version serves all. */
const editorsOnly = (tool: ToolSource): VersionTrafficSettings => ({ stable: currentVersionLabel(tool), canary: null, replaced: [] });

/** The tool's versions as core's model, with the saved split of traffic. */
export function versionsOf(tool: ToolSource): ToolVersions<VersionSources> {
  const [first, ...rest] = versionSources(tool);
  const versions = new ToolVersions<VersionSources>(
    first ?? { name: tool.name, version: firstVersionLabel, schemaSource: '', codeSource: '' },
    0,
  );
  for (const entry of rest) versions.deploy(entry, 0);
  try {
    versions.restoreTraffic(tool.traffic ?? editorsOnly(tool));
  } catch {
    versions.restoreTraffic(editorsOnly(tool));
  }
  return versions;
}

/** The tool with the split `versions` has now. */
function saved(tool: ToolSource, versions: ToolVersions<VersionSources>): ToolSource {
  return { ...tool, traffic: versions.traffic() };
}

export function nextVersionLabel(tool: ToolSource): string {
  const used = new Set(versionSources(tool).map((entry) => entry.version));
  const number = /^v(\d+)$/.exec(currentVersionLabel(tool))?.[1];
  let next = number === undefined ? used.size + 1 : Number(number) + 1;
  while (used.has(`v${next}`)) next++;
  return `v${next}`;
}

/** Freezes the editors' sources and deploys the next version, which the editors then hold (a canary at 0%). */
export function startNewVersion(tool: ToolSource, now: Date): ToolSource {
  const versions = versionsOf(tool);
  const version = nextVersionLabel(tool);
  versions.deploy({ name: tool.name, version, schemaSource: tool.schemaSource, codeSource: tool.codeSource }, 0);
  const frozen = {
    version: currentVersionLabel(tool),
    schemaSource: tool.schemaSource,
    codeSource: tool.codeSource,
    frozenAt: now.toISOString(),
  };
  return saved({ ...tool, version, versions: [...(tool.versions ?? []), frozen] }, versions);
}

/** Core's setTraffic on the saved versions; null when core refuses it (an unknown version, a bad ratio). */
export function setVersionTraffic(tool: ToolSource, version: string, ratio: number): ToolSource | null {
  const versions = versionsOf(tool);
  try {
    versions.setTraffic(version, ratio);
  } catch {
    return null;
  }
  return saved(tool, versions);
}

/** Core's rollback on the saved versions; null when there is nothing to undo. */
export function rollbackVersion(tool: ToolSource): ToolSource | null {
  const versions = versionsOf(tool);
  return versions.rollback() ? saved(tool, versions) : null;
}

export const canRollBack = (tool: ToolSource): boolean => versionsOf(tool).canRollBack;

/**
 * Drops the version in the editors, which must not be the stable one: the editors get the last frozen
 * version's sources back. A question of sources, not of traffic: the split only loses the dropped version.
 */
export function discardVersion(tool: ToolSource): ToolSource | null {
  const last = tool.versions?.at(-1);
  const dropped = currentVersionLabel(tool);
  const traffic = versionsOf(tool).traffic();
  if (!last || traffic.stable === dropped) return null;
  return {
    ...tool,
    version: last.version,
    schemaSource: last.schemaSource,
    codeSource: last.codeSource,
    versions: tool.versions?.slice(0, -1),
    traffic: {
      stable: traffic.stable,
      canary: traffic.canary?.version === dropped ? null : traffic.canary,
      replaced: traffic.replaced.filter((label) => label !== dropped),
    },
  };
}

/** Every version, in deployment order, with core's role and share and where its sources are. */
export function versionRows(tool: ToolSource): VersionRow[] {
  const sources = new Map(versionSources(tool).map((entry) => [entry.version, entry]));
  const inEditors = currentVersionLabel(tool);
  return versionsOf(tool)
    .list()
    .map((info) => {
      const frozenAt = sources.get(info.version)?.frozenAt;
      return { ...info, ...(frozenAt === undefined ? {} : { frozenAt }), inEditors: info.version === inEditors };
    });
}

/** The share of the version in the editors while it is on trial (canary or inactive); null when it is stable. */
export function trialShare(rows: readonly VersionRow[]): number | null {
  const inEditors = rows.find((row) => row.inEditors);
  return inEditors && inEditors.role !== 'stable' ? inEditors.traffic : null;
}
