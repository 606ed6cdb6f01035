import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegistryEventHub } from './registry-events.ts';
import type { RegistryEvent } from './registry-types.ts';
import { ToolRegistry } from './tool-registry.ts';

const event: RegistryEvent = { type: 'tool-health-change', time: 0, name: 'probe', healthy: true };

afterEach(() => vi.restoreAllMocks());

describe('RegistryEventHub', () => {
  it('delivers to every listener until it unsubscribes', () => {
    const hub = new RegistryEventHub();
    const first: RegistryEvent[] = [];
    const second: RegistryEvent[] = [];
    const off = hub.on((received) => first.push(received));
    hub.on((received) => second.push(received));
    hub.emit(event);
    off();
    hub.emit(event);
    expect(first).toEqual([event]);
    expect(second).toEqual([event, event]);
  });

  it('goes on past a listener that throws, and says so on the console once', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hub = new RegistryEventHub();
    const received: RegistryEvent[] = [];
    hub.on(() => {
      throw new Error('listener bug');
    });
    hub.on((each) => received.push(each));
    hub.emit(event);
    hub.emit(event);
    expect(received).toEqual([event, event]);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]?.[0]).toBe(
      'Toolscope executor: a registry listener threw; it goes on. Further errors are dropped silently.',
    );
    expect(consoleError.mock.calls[0]?.[1]).toEqual(new Error('listener bug'));
  });
});

describe('ToolRegistry', () => {
  it('has no tool, no route and no versions for a name never registered', () => {
    const registry = new ToolRegistry();
    expect(registry.get('missing')).toBeUndefined();
    expect(registry.route('missing', 'key')).toBeUndefined();
    expect(registry.listVersions('missing')).toEqual([]);
    expect(() => registry.versionsOf('missing')).toThrow('No tool named "missing" is registered');
  });
});
