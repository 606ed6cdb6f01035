import { describe, expect, it } from 'vitest';
import { DuplicateVersionError } from '../errors.ts';
import type { Tool } from '../tool.ts';
import { ToolVersions } from './tool-versions.ts';

function tool(version?: string): Tool {
  return {
    name: 'search',
    description: '',
    parameters: { type: 'object' },
    validate: (args) => ({ success: true, data: args }),
    execute: () => version,
    version,
  };
}

const shares = (versions: ToolVersions) => versions.list().map(({ version, traffic, role }) => [version, Number(traffic.toFixed(6)), role]);

describe('ToolVersions', () => {
  it('starts a deployed version at 0% and splits traffic between stable and canary', () => {
    const versions = new ToolVersions(tool('1'), 0);
    versions.deploy(tool('2'), 10);
    expect(versions.list()).toEqual([
      { version: '1', traffic: 1, deployedAt: 0, role: 'stable' },
      { version: '2', traffic: 0, deployedAt: 10, role: 'canary' },
    ]);
    expect(versions.isSplit).toBe(false);
    versions.setTraffic('2', 0.25);
    expect(shares(versions)).toEqual([
      ['1', 0.75, 'stable'],
      ['2', 0.25, 'canary'],
    ]);
    expect(versions.route(0.2).version).toBe('2');
    expect(versions.route(0.25).version).toBe('1');
    // Naming the stable version sets the canary to the rest.
    versions.setTraffic('1', 0.9);
    expect(shares(versions)).toEqual([
      ['1', 0.9, 'stable'],
      ['2', 0.1, 'canary'],
    ]);
  });

  it('rolls a canary back to 0%, with the stable version serving everything', () => {
    const versions = new ToolVersions(tool('1'), 0);
    versions.deploy(tool('2'), 0);
    versions.setTraffic('2', 0.5);
    expect(versions.rollback()).toBe(true);
    expect(shares(versions)).toEqual([
      ['1', 1, 'stable'],
      ['2', 0, 'inactive'],
    ]);
    expect(versions.route(0).version).toBe('1');
    expect(versions.rollback()).toBe(false);
  });

  it('promotes a canary at 100%, and rollback restores the version it replaced', () => {
    const versions = new ToolVersions(tool('1'), 0);
    versions.deploy(tool('2'), 0);
    versions.setTraffic('2', 1);
    expect(shares(versions)).toEqual([
      ['1', 0, 'inactive'],
      ['2', 1, 'stable'],
    ]);
    versions.deploy(tool('3'), 0);
    versions.setTraffic('3', 1);
    expect(versions.stableTool.version).toBe('3');
    expect(versions.rollback()).toBe(true);
    expect(versions.stableTool.version).toBe('2');
    expect(versions.rollback()).toBe(true);
    expect(shares(versions)).toEqual([
      ['1', 1, 'stable'],
      ['2', 0, 'inactive'],
      ['3', 0, 'inactive'],
    ]);
  });

  it('replaces an earlier canary when a newer version is deployed', () => {
    const versions = new ToolVersions(tool('1'), 0);
    versions.deploy(tool('2'), 0);
    versions.setTraffic('2', 0.3);
    versions.deploy(tool('3'), 0);
    expect(shares(versions)).toEqual([
      ['1', 1, 'stable'],
      ['2', 0, 'inactive'],
      ['3', 0, 'canary'],
    ]);
  });

  it('refuses duplicate versions, unknown versions, bad ratios and a split with no other version', () => {
    const versions = new ToolVersions(tool('1'), 0);
    expect(() => versions.deploy(tool('1'), 0)).toThrow(DuplicateVersionError);
    expect(() => versions.setTraffic('9', 0.5)).toThrow('has no version "9"; deployed: 1');
    expect(() => versions.setTraffic('1', 0.5)).toThrow('only active version');
    versions.deploy(tool('2'), 0);
    for (const ratio of [-0.1, 1.5, Number.NaN]) expect(() => versions.setTraffic('2', ratio)).toThrow(RangeError);
  });

  it('labels a tool registered without a version', () => {
    const versions = new ToolVersions(tool(), 0);
    versions.deploy(tool('2'), 5);
    expect(versions.list().map((entry) => entry.version)).toEqual(['(unversioned)', '2']);
  });
});
