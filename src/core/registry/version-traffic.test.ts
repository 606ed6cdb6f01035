import { describe, expect, it } from 'vitest';
import { deployedVersions as deployed } from '../executor-harness.test-support.ts';

// The split saved by an app and restored into another ToolVersions (the app's saved sources, or a run's
// executor) must give the same roles, shares and rollbacks as the one it was taken from.

describe('ToolVersions traffic', () => {
  it('restores a canary split and its rollback', () => {
    const original = deployed('v1', 'v2');
    original.setTraffic('v2', 0.3);
    const copy = deployed('v1', 'v2');
    copy.restoreTraffic(original.traffic());
    expect(copy.list()).toEqual(original.list());
    expect(copy.canRollBack).toBe(true);
    expect(copy.rollback()).toBe(true);
    expect(copy.traffic()).toEqual({ stable: 'v1', canary: null, replaced: [] });
    expect(copy.canRollBack).toBe(false);
  });

  it('restores promotions, so a rollback after a reload undoes the last one', () => {
    const original = deployed('v1', 'v2');
    original.setTraffic('v2', 1);
    original.deploy({ name: 'flaky_api', version: 'v3' }, 0);
    original.setTraffic('v3', 1);
    expect(original.traffic()).toEqual({ stable: 'v3', canary: null, replaced: ['v1', 'v2'] });
    const copy = deployed('v1', 'v2', 'v3');
    copy.restoreTraffic(original.traffic());
    expect(copy.rollback()).toBe(true);
    expect(copy.traffic().stable).toBe('v2');
    expect(copy.rollback()).toBe(true);
    expect(copy.traffic().stable).toBe('v1');
    expect(copy.rollback()).toBe(false);
  });

  it('leaves replaced versions that are not deployed out of the history, and refuses unknown active ones', () => {
    const copy = deployed('v2', 'v3');
    copy.restoreTraffic({ stable: 'v3', canary: null, replaced: ['v1', 'v2'] });
    expect(copy.traffic().replaced).toEqual(['v2']);
    expect(() => copy.restoreTraffic({ stable: 'v9', canary: null, replaced: [] })).toThrow('has no version "v9"');
    expect(() => copy.restoreTraffic({ stable: 'v2', canary: { version: 'v2', share: 0.5 }, replaced: [] })).toThrow(RangeError);
    expect(() => copy.restoreTraffic({ stable: 'v2', canary: { version: 'v3', share: 1 }, replaced: [] })).toThrow(RangeError);
  });
});
