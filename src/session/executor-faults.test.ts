import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../core/index.ts';
import { injectedFaultOf, noFaults } from '../faults/index.ts';
import { sampleTools } from '../samples/index.ts';
import { defaultRunSettings, toolSourceFromSample } from '../workspace/default-workspace.ts';
import { WORKSPACE_VERSION, type ToolSource, type Workspace } from '../workspace/workspace-schema.ts';
import { executorFor } from './executor-for.ts';
import { InProcessToolRuntime } from './runtime/in-process-tool-runtime.test-support.ts';
import { getWeather } from './in-process-tools.test-support.ts';

function setupFor(faultSeed: number, faults: ToolSource['faults']) {
  const sample = sampleTools.find((tool) => tool.name === 'get_weather')!;
  const tool: ToolSource = { ...toolSourceFromSample(sample), idempotent: true, faults };
  const workspace: Workspace = { version: WORKSPACE_VERSION, tools: [tool], scenarios: [], settings: { ...defaultRunSettings, faultSeed } };
  const compilations = { [tool.id]: { status: 'valid' as const, problems: [], parameters: getWeather.parameters } };
  const clock = new VirtualClock(0);
  return { clock, request: { view: { workspace, compilations }, settings: defaultRunSettings, clock } };
}

async function failuresOf(faultSeed: number) {
  const { clock, request } = setupFor(faultSeed, { ...noFaults, enabled: true, transientRate: 0.5 });
  const { executor } = await executorFor(new InProcessToolRuntime({ get_weather: getWeather }), request);
  const calls = Array.from({ length: 20 }, (_, index) => ({ id: `call_${index}`, name: 'get_weather', arguments: { city: 'Rome' } }));
  const results = await clock.run(executor.executeBatch(calls));
  return results.map((result) => result.logs.filter((entry) => injectedFaultOf(entry.message)).length);
}

describe('executorFor with injected faults', () => {
  it('wraps every tool it registers with its faults, the same faults for the same seed', async () => {
    const first = await failuresOf(4);
    expect(first.some((count) => count > 0)).toBe(true);
    expect(await failuresOf(4)).toEqual(first);
    expect(await failuresOf(5)).not.toEqual(first);
  });
});
