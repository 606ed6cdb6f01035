// Shared by the agent tests: a weather tool that sleeps on the executor's clock, scenario builders and a
// helper that drives a run to completion on a virtual clock.
import { z } from 'zod';
import { defineTool, ToolExecutor, VirtualClock } from '../core/index.ts';
import type { Scenario, ScenarioInput } from '../llm/index.ts';
import { createScriptedModel, parseScenario } from '../llm/index.ts';
import { runAgent } from './run-agent.ts';
import type { AgentRunEvent, RunAgentOptions, RunAgentResult } from './agent-types.ts';

export function scenario(input: ScenarioInput): Scenario {
  const parsed = parseScenario(JSON.stringify(input));
  if (!parsed.ok) throw new Error(parsed.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '));
  return parsed.scenario;
}

export interface Harness {
  clock: VirtualClock;
  executor: ToolExecutor;
  /** Names of the tool runs that started, in order. */
  started: string[];
}

export function harness(options: { weatherDelayMs?: number; timeoutMs?: number } = {}): Harness {
  const clock = new VirtualClock();
  const started: string[] = [];
  const executor = new ToolExecutor({ clock, random: () => 0.5, timeoutMs: options.timeoutMs ?? 10_000 });
  executor.register(
    defineTool({
      name: 'get_weather',
      description: 'Current weather for a city',
      schema: z.object({ city: z.string().min(1) }),
      execute: async ({ city }, ctx) => {
        started.push(`get_weather:${city}`);
        await ctx.sleep(options.weatherDelayMs ?? 100);
        return { city, temperature: city.length + 10, sky: 'sunny' };
      },
    }),
  );
  executor.register(
    defineTool({
      name: 'slow_report',
      description: 'A report that takes five seconds',
      schema: z.object({}),
      timeoutMs: 1_000,
      execute: async (_input, ctx) => {
        started.push('slow_report');
        await ctx.sleep(5_000);
        return 'never';
      },
    }),
  );
  return { clock, executor, started };
}

/** Runs the agent with a scripted model, advancing the virtual clock until the run is done. */
export async function runScripted(
  test: Harness,
  script: ScenarioInput,
  options: Partial<RunAgentOptions> = {},
): Promise<{ result: RunAgentResult; events: AgentRunEvent[] }> {
  const events: AgentRunEvent[] = [];
  const running = runAgent({
    model: createScriptedModel(scenario(script), { clock: test.clock }),
    executor: test.executor,
    clock: test.clock,
    messages: [{ role: 'user', content: 'What is the weather in Paris and Lima?' }],
    onEvent: (event) => events.push(event),
    ...options,
  });
  await test.clock.runUntilIdle();
  return { result: await running, events };
}
