import { describe, expect, it } from 'vitest';
import { toolSourceFromSample } from './default-workspace.ts';
import {
  canRollBack,
  discardCanary,
  nextVersionLabel,
  rollbackVersion,
  setCanaryTraffic,
  stableSnapshot,
  startNewVersion,
  versionRows,
} from './tool-versions.ts';
import { toolSourceSchema, type ToolSource } from './workspace-schema.ts';
import { flakyApi } from '../samples/tools/flaky-api.ts';

const now = new Date('2025-01-02T03:04:05.000Z');
const base = (): ToolSource => toolSourceFromSample(flakyApi);
const started = (): ToolSource => startNewVersion(base(), now)!;

describe('tool versions', () => {
  it('a tool without versions is v1, stable, with all the traffic', () => {
    expect(versionRows(base())).toEqual([{ version: 'v1', role: 'stable', traffic: 1, inEditors: true }]);
    expect(canRollBack(base())).toBe(false);
    expect(rollbackVersion(base())).toBeNull();
  });

  it('New version freezes v1 as the stable version and starts v2 in the editors as a canary at 0%', () => {
    const tool = started();
    expect(tool.version).toBe('v2');
    expect(tool.canary).toEqual({ version: 'v2', traffic: 0 });
    expect(stableSnapshot(tool)).toEqual({
      version: 'v1',
      schemaSource: base().schemaSource,
      codeSource: base().codeSource,
      frozenAt: now.toISOString(),
    });
    expect(versionRows(tool).map(({ version, role, traffic }) => [version, role, traffic])).toEqual([
      ['v1', 'stable', 1],
      ['v2', 'canary', 0],
    ]);
    // One canary at a time: the next version waits for a promotion or a discard.
    expect(startNewVersion(tool, now)).toBeNull();
    expect(toolSourceSchema.safeParse(tool).success).toBe(true);
  });

  it('canary 1% -> 50% -> 100% promotes; Rollback then undoes the promotion', () => {
    let tool = setCanaryTraffic(started(), 0.01);
    expect(versionRows(tool).map((row) => row.traffic)).toEqual([0.99, 0.01]);
    tool = setCanaryTraffic(tool, 0.5);
    tool = setCanaryTraffic(tool, 1);
    expect(tool.canary).toBeNull();
    expect(versionRows(tool).map(({ version, role, traffic }) => [version, role, traffic])).toEqual([
      ['v1', 'previous', 0],
      ['v2', 'stable', 1],
    ]);
    const rolledBack = rollbackVersion(tool)!;
    expect(rolledBack.canary).toEqual({ version: 'v2', traffic: 0 });
    expect(stableSnapshot(rolledBack)?.version).toBe('v1');
  });

  it('Rollback of a canary with traffic sends it back to 0%, and then there is nothing left to undo', () => {
    const tool = rollbackVersion(setCanaryTraffic(started(), 0.5))!;
    expect(tool.canary).toEqual({ version: 'v2', traffic: 0 });
    expect(rollbackVersion(tool)).toBeNull();
  });

  it('Discard gives the editors the stable sources back', () => {
    const edited = { ...started(), codeSource: 'export default async function execute() { throw new Error("v2"); }' };
    const discarded = discardCanary(edited)!;
    expect(discarded).toMatchObject({ version: 'v1', codeSource: base().codeSource, versions: [], canary: null });
    expect(discardCanary(discarded)).toBeNull();
  });

  it('labels keep counting past history and odd labels', () => {
    const promoted = setCanaryTraffic(started(), 1);
    expect(nextVersionLabel(promoted)).toBe('v3');
    expect(nextVersionLabel({ ...base(), version: '2025-01' })).toBe('v2');
  });
});
