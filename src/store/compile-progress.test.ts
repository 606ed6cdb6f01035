import { describe, expect, it } from 'vitest';
import type { ToolCompilation } from '../session/index.ts';
import { compileProgress, describeCompileProgress, lastCompileProgress } from './compile-progress.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';

const tool = (id: string) => ({ id, name: `tool_${id}` }) as ToolSource;
const compiled = (status: ToolCompilation['status']): ToolCompilation => ({
  status,
  problems: [],
  parameters: null,
  compiledSources: null,
});

describe('compileProgress (issue 14)', () => {
  const tools = ['a', 'b', 'c', 'd'].map(tool);

  it('counts tools with a verdict, errors included, against all of them', () => {
    const progress = compileProgress(tools, { a: compiled('valid'), b: compiled('errors'), c: compiled('checking') });
    expect(progress).toEqual({ compiled: 2, total: 4, onlyPending: null });
    expect(describeCompileProgress(progress!)).toBe('Compiling tools 2/4');
  });

  it('names the one tool being compiled after an edit, and is null once all are done', () => {
    const progress = compileProgress(tools, { a: compiled('valid'), b: compiled('valid'), c: compiled('valid'), d: compiled('checking') });
    expect(describeCompileProgress(progress!)).toBe('Compiling tool_d…');
    expect(compileProgress(tools, { a: compiled('valid'), b: compiled('valid'), c: compiled('valid'), d: compiled('errors') })).toBeNull();
  });

  it('counts from zero at start-up, even for a workspace of one tool', () => {
    expect(describeCompileProgress(compileProgress([tool('a')], {})!)).toBe('Compiling tools 0/1');
  });
});

describe('lastCompileProgress (issue 30)', () => {
  it('answers a store change that touched neither the tools nor their statuses without counting again', () => {
    const tools = ['a', 'b'].map(tool);
    const progressOf = lastCompileProgress();
    const statuses = { a: compiled('valid'), b: compiled('checking') };
    const first = progressOf(tools, statuses);
    expect(first).toEqual({ compiled: 1, total: 2, onlyPending: 'tool_b' });
    expect(progressOf(tools, statuses)).toBe(first);
    expect(progressOf(tools, { ...statuses, b: compiled('valid') })).toBeNull();
    expect(progressOf(tools, statuses)).toEqual(first);
  });
});
