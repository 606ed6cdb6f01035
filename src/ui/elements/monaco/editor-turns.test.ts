import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestEditorTurn } from './editor-turns.ts';

describe('editor turns: one Monaco editor built per task (issue 28)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('grants the first at once and the next only after the first has drawn a frame', () => {
    const granted: string[] = [];
    const first = requestEditorTurn(() => granted.push('first'));
    const second = requestEditorTurn(() => granted.push('second'));
    requestEditorTurn(() => granted.push('third')).cancel();
    expect(granted).toEqual(['first']);
    first.done();
    expect(granted).toEqual(['first']);
    vi.advanceTimersByTime(17);
    expect(granted).toEqual(['first', 'second']);
    second.done();
    vi.advanceTimersByTime(17);
    expect(granted, 'a cancelled request is never granted').toEqual(['first', 'second']);
  });

  it('passes the turn on when an editor never finishes mounting, or goes away holding it', () => {
    const granted: string[] = [];
    requestEditorTurn(() => granted.push('stuck'));
    const leaving = requestEditorTurn(() => granted.push('leaving'));
    const last = requestEditorTurn(() => granted.push('last'));
    vi.advanceTimersByTime(499);
    expect(granted).toEqual(['stuck']);
    vi.advanceTimersByTime(1);
    expect(granted).toEqual(['stuck', 'leaving']);
    leaving.cancel();
    expect(granted).toEqual(['stuck', 'leaving', 'last']);
    last.done();
    vi.advanceTimersByTime(17);
    // Free again: the next request is granted at once.
    requestEditorTurn(() => granted.push('later')).done();
    expect(granted.at(-1)).toBe('later');
    vi.advanceTimersByTime(17);
  });
});
