import { describe, it, expect, vi } from 'vitest';
import { EventHub } from './events.ts';
import type { ExecutorEvent } from './event-types.ts';

const event: ExecutorEvent = { type: 'tool-call-start', time: 0, toolCallId: 'c', name: 't', concurrency: 1 };

describe('EventHub', () => {
  it('delivers to every listener until unsubscribed', () => {
    const hub = new EventHub();
    const seen: string[] = [];
    const off = hub.on(() => seen.push('first'));
    hub.on(() => seen.push('second'));
    hub.emit(event);
    off();
    hub.emit(event);
    expect(seen).toEqual(['first', 'second', 'second']);
  });

  it('keeps going when a listener throws, collects the errors and reports once', () => {
    const hub = new EventHub();
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: number[] = [];
    hub.on(() => {
      throw new Error('listener bug');
    });
    hub.on(() => seen.push(1));
    hub.emit(event);
    hub.emit(event);
    expect(seen).toEqual([1, 1]);
    expect(hub.listenerErrors()).toHaveLength(2);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]?.[0]).toBe(
      'Toolscope executor: an event listener threw; the run goes on. Further listener errors are collected silently.',
    );
    report.mockRestore();
  });

  it('keeps exactly the first maxKeptErrors listener errors', () => {
    const hub = new EventHub();
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    let thrown = 0;
    hub.on(() => {
      throw new Error(`error ${++thrown}`);
    });
    for (let index = 0; index < EventHub.maxKeptErrors + 5; index++) hub.emit(event);
    expect(hub.listenerErrors()).toHaveLength(EventHub.maxKeptErrors);
    expect(hub.listenerErrors().at(-1)).toEqual(new Error(`error ${EventHub.maxKeptErrors}`));
    report.mockRestore();
  });

  it('has listeners only while someone is subscribed', () => {
    const hub = new EventHub();
    expect(hub.hasListeners).toBe(false);
    const off = hub.on(() => {});
    expect(hub.hasListeners).toBe(true);
    off();
    expect(hub.hasListeners).toBe(false);
  });
});
