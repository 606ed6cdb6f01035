import { describe, expect, it } from 'vitest';
import { deployedVersions as deployed } from '../executor-harness.test-support.ts';

describe('ToolVersions at the edges of a split', () => {
  it('is neither split nor able to roll back with a canary at 0%, and can after a promotion', () => {
    const versions = deployed('v1', 'v2');
    expect([versions.isSplit, versions.canRollBack]).toEqual([false, false]);
    expect(versions.rollback()).toBe(false);
    versions.setTraffic('v2', 1);
    expect([versions.isSplit, versions.canRollBack]).toEqual([false, true]);
  });

  it('accepts the ratios 0 and 1 exactly, and gives the stable version all traffic without a canary', () => {
    const versions = deployed('v1', 'v2');
    versions.setTraffic('v2', 0);
    expect(versions.traffic()).toEqual({ stable: 'v1', canary: { version: 'v2', share: 0 }, replaced: [] });
    const alone = deployed('v1');
    expect(() => alone.setTraffic('v1', 1)).not.toThrow();
    expect(alone.list()).toEqual([{ version: 'v1', traffic: 1, deployedAt: 0, role: 'stable' }]);
  });

  it('refuses a ratio that is not a number, even one that reads as a number, saying what it got', () => {
    const versions = deployed('v1', 'v2');
    expect(() => versions.setTraffic('v2', '0.5' as never)).toThrow(new RangeError('The traffic ratio must be between 0 and 1, got 0.5'));
    expect(() => versions.setTraffic('v2', 1.01)).toThrow('The traffic ratio must be between 0 and 1, got 1.01');
    expect(versions.traffic().canary).toEqual({ version: 'v2', share: 0 });
  });

  it('gives an inactive version no traffic while another version is the canary', () => {
    const versions = deployed('v1', 'v2', 'v3');
    versions.setTraffic('v3', 0.3);
    expect(versions.list().map(({ version, traffic, role }) => [version, Number(traffic.toFixed(6)), role])).toEqual([
      ['v1', 0.7, 'stable'],
      ['v2', 0, 'inactive'],
      ['v3', 0.3, 'canary'],
    ]);
    expect(versions.route(0.29).version).toBe('v3');
    expect(versions.route(0.3).version).toBe('v1');
  });

  it('names every deployed version when asked for one it does not have', () => {
    expect(() => deployed('v1', 'v2').setTraffic('v9', 0.5)).toThrow(
      new RangeError('Tool "flaky_api" has no version "v9"; deployed: v1, v2'),
    );
  });
});

describe('ToolVersions.restoreTraffic at the edges', () => {
  it('accepts a canary share of exactly 0 and refuses one below 0 or of 1, naming the tool', () => {
    const versions = deployed('v1', 'v2');
    versions.restoreTraffic({ stable: 'v1', canary: { version: 'v2', share: 0 }, replaced: [] });
    expect(versions.isSplit).toBe(false);
    for (const share of [-0.1, 1, Number.NaN]) {
      expect(() => versions.restoreTraffic({ stable: 'v1', canary: { version: 'v2', share }, replaced: [] })).toThrow(
        new RangeError('Not a valid traffic split for "flaky_api"'),
      );
    }
    expect(() => versions.restoreTraffic({ stable: 'v2', canary: { version: 'v2', share: 0.5 }, replaced: [] })).toThrow(RangeError);
  });

  it('keeps the current stable version out of its own rollback history', () => {
    const versions = deployed('v1', 'v2');
    versions.restoreTraffic({ stable: 'v2', canary: null, replaced: ['v1', 'v2', 'v0'] });
    expect(versions.traffic()).toEqual({ stable: 'v2', canary: null, replaced: ['v1'] });
    expect(versions.rollback()).toBe(true);
    expect(versions.rollback()).toBe(false);
  });
});
