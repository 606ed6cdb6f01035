import { describe, expect, it } from 'vitest';
import { inventoryBurstScenario } from '../samples/scenarios/inventory-burst.ts';
import { createDefaultWorkspace } from './default-workspace.ts';
import { describeSamples, sampleCount, samplesForScenario, unofferedSamples, withSamples } from './new-samples.ts';
import type { Workspace } from './workspace-schema.ts';

const inventoryBurst = inventoryBurstScenario.name;

/** A workspace saved before the capacity lesson: no inventory_api, no Inventory burst, no record of offers. */
function savedBeforeInventory(): Workspace {
  const { samplesOffered: _none, ...workspace } = createDefaultWorkspace();
  return {
    ...workspace,
    tools: workspace.tools.filter((tool) => tool.name !== 'inventory_api'),
    scenarios: workspace.scenarios.filter((scenario) => scenario.name !== inventoryBurst),
  };
}

const names = (samples: ReturnType<typeof unofferedSamples>) => [
  ...samples.tools.map((tool) => tool.name),
  ...samples.scenarios.map((scenario) => scenario.name),
];

describe('samples newer than a saved workspace', () => {
  it('a new workspace has every sample, so nothing is offered', () => {
    expect(sampleCount(unofferedSamples(createDefaultWorkspace()))).toBe(0);
  });

  it('an older save is offered exactly the samples it lacks', () => {
    expect(names(unofferedSamples(savedBeforeInventory()))).toEqual(['inventory_api', inventoryBurst]);
  });

  it('once offered (added or not), nothing is offered again, and a sample the person deleted stays deleted', () => {
    const old = savedBeforeInventory();
    const declined = withSamples(old, { tools: [], scenarios: [] });
    expect(declined.tools).toBe(old.tools);
    expect(sampleCount(unofferedSamples(declined))).toBe(0);
    const withoutWeather = { ...declined, tools: declined.tools.filter((tool) => tool.name !== 'get_weather') };
    expect(sampleCount(unofferedSamples(withoutWeather))).toBe(0);
  });

  it('adding them appends fresh copies after what the workspace has', () => {
    const old = savedBeforeInventory();
    const added = withSamples(old, unofferedSamples(old));
    expect(added.tools.map((tool) => tool.name)).toEqual([...old.tools.map((tool) => tool.name), 'inventory_api']);
    expect(added.scenarios.at(-1)?.name).toBe(inventoryBurst);
    expect(new Set(added.tools.map((tool) => tool.id)).size).toBe(added.tools.length);
  });

  it('an offer accepted after the same samples came another way adds nothing twice', () => {
    const old = savedBeforeInventory();
    const offer = unofferedSamples(old);
    const twice = withSamples(withSamples(old, offer), offer);
    expect(twice.tools.filter((tool) => tool.name === 'inventory_api')).toHaveLength(1);
    expect(twice.scenarios.filter((scenario) => scenario.name === inventoryBurst)).toHaveLength(1);
  });

  it("a chapter's scenario brings the sample tools its turns call, only those missing", () => {
    const old = savedBeforeInventory();
    expect(names(samplesForScenario(old, inventoryBurst))).toEqual(['inventory_api', inventoryBurst]);
    expect(sampleCount(samplesForScenario(createDefaultWorkspace(), inventoryBurst))).toBe(0);
    expect(sampleCount(samplesForScenario(old, 'a scenario the person wrote'))).toBe(0);
  });

  it('describes what it adds in words', () => {
    expect(describeSamples(unofferedSamples(savedBeforeInventory()))).toBe('the tool inventory_api and the scenario “Inventory burst”');
  });
});
