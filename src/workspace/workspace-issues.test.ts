import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeTool, makeWorkspace } from './fixed-workspaces.test-support.ts';
import { describeIssues, findDuplicateItems, formatDottedPath, formatJsonPath, issuesFromZod } from './workspace-issues.ts';

describe('issue paths', () => {
  it('prints a JSON path with indexes in brackets', () => {
    expect(formatJsonPath(['workspace', 'tools', 2, 'name'])).toBe('workspace.tools[2].name');
    expect(formatJsonPath([0, 'name'])).toBe('[0].name');
    expect(formatJsonPath(['a b', 'c'])).toBe('["a b"].c');
    expect(formatJsonPath([])).toBe('');
  });

  it('prints a dotted path for notices', () => {
    expect(formatDottedPath(['tools', 2, 'name'])).toBe('tools.2.name');
    expect(formatDottedPath([])).toBe('(whole workspace)');
  });

  it('takes paths and messages from a zod error', () => {
    const result = z.object({ tools: z.array(z.object({ name: z.string() })) }).safeParse({ tools: [{ name: 1 }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesFromZod(result.error)).toEqual([{ path: ['tools', 0, 'name'], message: expect.stringContaining('expected string') }]);
  });

  it('describes the first issues and counts the rest', () => {
    const issues = [1, 2, 3, 4, 5].map((index) => ({ path: ['tools', index], message: 'bad' }));
    expect(describeIssues(issues)).toBe('tools.1: bad; tools.2: bad; tools.3: bad (and 2 more)');
    expect(describeIssues(issues.slice(0, 1))).toBe('tools.1: bad');
  });
});

describe('findDuplicateItems', () => {
  it('finds nothing in a workspace with unique names and ids', () => {
    expect(findDuplicateItems(makeWorkspace())).toEqual([]);
  });

  it('reports a repeated tool name at the later tool, naming the first', () => {
    const workspace = makeWorkspace({ tools: [makeTool({ id: 'a' }), makeTool({ id: 'b', name: 'other' }), makeTool({ id: 'c' })] });
    expect(findDuplicateItems(workspace)).toEqual([
      { path: ['tools', 2, 'name'], message: 'duplicate tool name "get_weather" (already used by tools[0]); tool names must be unique' },
    ]);
  });

  it('reports repeated tool and scenario ids', () => {
    const scenario = { id: 's', name: 'one', source: '' };
    const workspace = makeWorkspace({
      tools: [makeTool(), makeTool({ name: 'second' })],
      scenarios: [scenario, { ...scenario, name: 'two' }],
    });
    expect(findDuplicateItems(workspace).map((issue) => issue.path)).toEqual([
      ['tools', 1, 'id'],
      ['scenarios', 1, 'id'],
    ]);
  });
});
