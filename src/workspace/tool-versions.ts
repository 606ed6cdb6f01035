// Versions of a tool in the workspace, and the canary steps over them. One model, kept small:
// - the Schema and Code editors always edit the newest version (`tool.version`, "v1" until there is a v2);
// - "New version" freezes the sources as they are (a snapshot in `tool.versions`) and starts the next
//   version in the editors as a canary at 0% of the traffic, beside the frozen one, which stays stable;
// - raising the canary to 100% promotes it (the frozen one becomes history); Rollback undoes the latest
//   step, as the executor's rollback does (docs/adr/0003): a canary with traffic goes back to 0%, else
//   the last promotion is undone.
// At most two versions share traffic, as in the core registry.
import type { ToolSource, ToolVersionSource } from './workspace-schema.ts';

export const firstVersionLabel = 'v1';

export type VersionRole = 'stable' | 'canary' | 'previous';

export interface VersionRow {
  version: string;
  role: VersionRole;
  /** Share of the tool's calls, 0..1. */
  traffic: number;
  /** Absent for the version in the editors. */
  frozenAt?: string;
  inEditors: boolean;
}

export const currentVersionLabel = (tool: ToolSource): string => tool.version ?? firstVersionLabel;

/** The version serving the calls the canary does not get; null while the editors' version is stable. */
export function stableSnapshot(tool: ToolSource): ToolVersionSource | null {
  if (!tool.canary) return null;
  return tool.versions?.at(-1) ?? null;
}

export function nextVersionLabel(tool: ToolSource): string {
  const used = new Set([currentVersionLabel(tool), ...(tool.versions ?? []).map((entry) => entry.version)]);
  const number = /^v(\d+)$/.exec(currentVersionLabel(tool))?.[1];
  let next = number === undefined ? used.size + 1 : Number(number) + 1;
  while (used.has(`v${next}`)) next++;
  return `v${next}`;
}

/** Freezes the editors' sources and starts the next version as a canary at 0%; null while a canary runs. */
export function startNewVersion(tool: ToolSource, now: Date): ToolSource | null {
  if (tool.canary) return null;
  const snapshot: ToolVersionSource = {
    version: currentVersionLabel(tool),
    schemaSource: tool.schemaSource,
    codeSource: tool.codeSource,
    frozenAt: now.toISOString(),
  };
  const version = nextVersionLabel(tool);
  return { ...tool, version, versions: [...(tool.versions ?? []), snapshot], canary: { version, traffic: 0 } };
}

/** Sets the canary's share; 1 (or more) promotes it. Unchanged without a canary. */
export function setCanaryTraffic(tool: ToolSource, traffic: number): ToolSource {
  if (!tool.canary) return tool;
  if (traffic >= 1) return promoteCanary(tool);
  return { ...tool, canary: { version: tool.canary.version, traffic: Math.max(0, traffic) } };
}

/** The canary becomes the stable version; the one it replaced stays listed as history. */
export function promoteCanary(tool: ToolSource): ToolSource {
  return tool.canary ? { ...tool, canary: null } : tool;
}

export function canRollBack(tool: ToolSource): boolean {
  return tool.canary ? tool.canary.traffic > 0 : (tool.versions?.length ?? 0) > 0;
}

/** Undoes the latest step (see the top of this file); null when there is nothing to undo. */
export function rollbackVersion(tool: ToolSource): ToolSource | null {
  if (!canRollBack(tool)) return null;
  return { ...tool, canary: { version: currentVersionLabel(tool), traffic: 0 } };
}

/** Drops the canary: the editors get the stable version's sources back. Null without a canary. */
export function discardCanary(tool: ToolSource): ToolSource | null {
  const stable = stableSnapshot(tool);
  if (!stable) return null;
  return {
    ...tool,
    version: stable.version,
    schemaSource: stable.schemaSource,
    codeSource: stable.codeSource,
    versions: (tool.versions ?? []).slice(0, -1),
    canary: null,
  };
}

/** Every version, oldest first, with its role and share of traffic. */
export function versionRows(tool: ToolSource): VersionRow[] {
  const snapshots = tool.versions ?? [];
  const canaryTraffic = tool.canary?.traffic ?? 0;
  const rows: VersionRow[] = snapshots.map((snapshot, index) => {
    const stable = tool.canary !== null && tool.canary !== undefined && index === snapshots.length - 1;
    return {
      version: snapshot.version,
      role: stable ? 'stable' : 'previous',
      traffic: stable ? 1 - canaryTraffic : 0,
      frozenAt: snapshot.frozenAt,
      inEditors: false,
    };
  });
  rows.push({
    version: currentVersionLabel(tool),
    role: tool.canary ? 'canary' : 'stable',
    traffic: tool.canary ? canaryTraffic : 1,
    inEditors: true,
  });
  return rows;
}
