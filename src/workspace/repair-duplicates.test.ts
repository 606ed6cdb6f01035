import { describe, expect, it } from 'vitest';
import { createDefaultWorkspace } from './default-workspace.ts';
import { repairDuplicates } from './repair-duplicates.ts';

describe('repairDuplicates', () => {
  it('renames a second tool of the same name and says so (issue 12: such a workspace made every run throw)', () => {
    const workspace = createDefaultWorkspace();
    const copy = { ...workspace.tools[0]!, id: 'copy' };
    const { workspace: repaired, changes } = repairDuplicates({ ...workspace, tools: [...workspace.tools, copy] });
    const names = repaired.tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect(repaired.tools.at(-1)?.name).toBe(`${copy.name}_2`);
    expect(changes).toEqual([`A second tool named "${copy.name}" was renamed "${copy.name}_2" (names must be unique).`]);
  });

  it('gives duplicate tool and scenario ids new ones, keeping the first', () => {
    const workspace = createDefaultWorkspace();
    const [first, second] = workspace.tools;
    const [scenario] = workspace.scenarios;
    const { workspace: repaired } = repairDuplicates({
      ...workspace,
      tools: [first!, { ...second!, id: first!.id }],
      scenarios: [scenario!, { ...scenario!, name: 'copy' }],
    });
    expect(repaired.tools[0]?.id).toBe(first!.id);
    expect(repaired.tools[1]?.id).not.toBe(first!.id);
    expect(repaired.scenarios[1]?.id).not.toBe(scenario!.id);
  });

  it('returns the same workspace object when nothing is wrong', () => {
    const workspace = createDefaultWorkspace();
    expect(repairDuplicates(workspace)).toEqual({ workspace, changes: [] });
    expect(repairDuplicates(workspace).workspace).toBe(workspace);
  });
});
