import { describe, expect, it } from 'vitest';
import { createTestStore } from './in-process-store.test-support.ts';

describe('workspace/importTools (issue 18)', () => {
  it('adds the tools enabled, with fresh ids and free names, and selects the first', () => {
    const store = createTestStore();
    const before = store.getState().workspace.tools.length;
    const draft = {
      name: 'get_weather',
      description: 'Imported.',
      schemaSource: 's',
      codeSource: 'c',
      idempotent: false,
      argumentsText: '{}',
    };
    const ids = store.getState().importTools([draft, { ...draft, name: 'get_time' }]);
    const { tools } = store.getState().workspace;
    expect(tools).toHaveLength(before + 2);
    expect(tools.slice(-2).map((tool) => [tool.name, tool.enabled, tool.idempotent])).toEqual([
      ['get_weather_2', true, false],
      ['get_time', true, false],
    ]);
    expect(new Set(tools.map((tool) => tool.id)).size).toBe(tools.length);
    expect(store.getState().selectedToolId).toBe(ids[0]);
  });
});
