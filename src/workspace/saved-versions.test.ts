import { describe, expect, it } from 'vitest';
import { toolSourceFromSample } from './default-workspace.ts';
import {
  canRollBack,
  discardVersion,
  nextVersionLabel,
  rollbackVersion,
  setVersionTraffic,
  startNewVersion,
  versionRows,
  versionsOf,
} from './saved-versions.ts';
import { toolSourceSchema, type ToolSource } from './workspace-schema.ts';
import { flakyApi } from '../samples/tools/flaky-api.ts';

const now = new Date('2025-01-02T03:04:05.000Z');
const base = (): ToolSource => toolSourceFromSample(flakyApi);
const started = (): ToolSource => startNewVersion(base(), now);
const shares = (tool: ToolSource) => versionRows(tool).map(({ version, role, traffic }) => [version, role, Number(traffic.toFixed(6))]);

// Issue 16: the workspace saves sources and core's split; every rule is core's ToolVersions.
describe('tool versions in the workspace', () => {
  it('a tool without versions is v1, stable, with all the traffic', () => {
    expect(versionRows(base())).toEqual([{ version: 'v1', role: 'stable', traffic: 1, deployedAt: 0, inEditors: true }]);
    expect(canRollBack(base())).toBe(false);
    expect(rollbackVersion(base())).toBeNull();
  });

  it('New version freezes v1 and deploys v2, held by the editors, as a canary at 0%', () => {
    const tool = started();
    expect(tool.version).toBe('v2');
    expect(tool.versions).toEqual([
      { version: 'v1', schemaSource: base().schemaSource, codeSource: base().codeSource, frozenAt: now.toISOString() },
    ]);
    expect(tool.traffic).toEqual({ stable: 'v1', canary: { version: 'v2', share: 0 }, replaced: [] });
    expect(shares(tool)).toEqual([
      ['v1', 'stable', 1],
      ['v2', 'canary', 0],
    ]);
    expect(versionRows(tool).map((row) => [row.inEditors, row.frozenAt])).toEqual([
      [false, now.toISOString()],
      [true, undefined],
    ]);
    expect(toolSourceSchema.safeParse(tool).success).toBe(true);
  });

  it('a canary share, then Rollback: the canary goes back to 0% as core decides', () => {
    const tool = setVersionTraffic(started(), 'v2', 0.1)!;
    expect(shares(tool)).toEqual([
      ['v1', 'stable', 0.9],
      ['v2', 'canary', 0.1],
    ]);
    expect(canRollBack(tool)).toBe(true);
    const rolledBack = rollbackVersion(tool)!;
    expect(shares(rolledBack)).toEqual([
      ['v1', 'stable', 1],
      ['v2', 'inactive', 0],
    ]);
    expect(canRollBack(rolledBack)).toBe(false);
    // The editors still hold v2, which can be given traffic again.
    expect(shares(setVersionTraffic(rolledBack, 'v2', 0.5)!)).toEqual([
      ['v1', 'stable', 0.5],
      ['v2', 'canary', 0.5],
    ]);
  });

  it('100% promotes; Rollback then undoes the promotion, also after a save and a reload', () => {
    const promoted = setVersionTraffic(started(), 'v2', 1)!;
    expect(shares(promoted)).toEqual([
      ['v1', 'inactive', 0],
      ['v2', 'stable', 1],
    ]);
    const reloaded = toolSourceSchema.parse(JSON.parse(JSON.stringify(promoted)));
    expect(shares(rollbackVersion(reloaded)!)).toEqual([
      ['v1', 'stable', 1],
      ['v2', 'inactive', 0],
    ]);
  });

  it('refuses what core refuses, and falls back to the editors version for a split that does not fit', () => {
    expect(setVersionTraffic(started(), 'v9', 0.5)).toBeNull();
    expect(setVersionTraffic(base(), 'v1', 0.5)).toBeNull();
    const broken = { ...started(), traffic: { stable: 'v7', canary: null, replaced: [] } };
    expect(versionsOf(broken).traffic()).toEqual({ stable: 'v2', canary: null, replaced: [] });
  });

  it('Discard drops the editors version and gives the editors the stable sources back', () => {
    const edited = { ...setVersionTraffic(started(), 'v2', 0.5)!, codeSource: 'broken' };
    const discarded = discardVersion(edited)!;
    expect(discarded.version).toBe('v1');
    expect(discarded.codeSource).toBe(base().codeSource);
    expect(discarded.versions).toEqual([]);
    expect(shares(discarded)).toEqual([['v1', 'stable', 1]]);
    // The stable version cannot be discarded.
    expect(discardVersion(base())).toBeNull();
    expect(discardVersion(setVersionTraffic(started(), 'v2', 1)!)).toBeNull();
  });

  it('names the next version after the newest, skipping labels in use', () => {
    expect(nextVersionLabel(base())).toBe('v2');
    expect(nextVersionLabel(started())).toBe('v3');
    expect(nextVersionLabel({ ...base(), version: 'beta' })).toBe('v2');
  });
});
