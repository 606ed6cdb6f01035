// Test-only: plays a sample scenario the way the app does (scripted model, agent loop, a ToolExecutor
// with every sample tool and a new workspace's run settings), but in-process and on a virtual clock,
// so a run that takes seconds in the browser takes milliseconds and repeats exactly.
import { runAgent, type AgentRunEvent, type RunAgentResult } from '../agent/index.ts';
import {
  ToolExecutor,
  VirtualClock,
  type ExecutorEvent,
  type Tool,
  type ToolCallEndEvent,
  type ToolCallResult,
  type TimeoutStrategy,
} from '../core/index.ts';
import { createRouterModel, createScriptedModel, parseScenario, type LanguageModel } from '../llm/index.ts';
import { sampleRunSettings } from './run-settings.ts';
import type { SampleScenario } from './sample-types.ts';
import { sampleTools } from './tools/index.ts';
import { SimulatedDownstreams } from '../sandbox/index.ts';
import { sampleAsTool } from './evaluate-sample.test-support.ts';
import { withFaults, type FaultSettings } from '../faults/index.ts';
import { pythonStandIns } from './python-stand-ins.test-support.ts';

export interface ScenarioRun {
  result: RunAgentResult;
  events: AgentRunEvent[];
  /**
   * The executor's events, still recorded after the run ended. runAgent stops listening when it returns,
   * so a late settle that comes after the end of the run is only seen here.
   */
  executorEvents: ExecutorEvent[];
  clock: VirtualClock;
  /** Every call's result, in the order the calls ended, with the arguments the model sent. */
  calls: (ToolCallResult & { arguments: unknown })[];
}

type RunOptions = {
  replaceTools?: Record<string, Tool>;
  faults?: Record<string, FaultSettings>;
  faultSeed?: number;
  timeoutStrategy?: TimeoutStrategy;
};

export async function runSampleScenario(sample: SampleScenario, options: RunOptions = {}): Promise<ScenarioRun> {
  const parsed = parseScenario(sample.source);
  if (!parsed.ok) throw new Error(parsed.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '));
  return runWithSampleTools((clock) => createScriptedModel(parsed.scenario, { clock }), sample.name, options);
}

/** A typed request, answered by the free-form mock model (the app's default without a scenario) with the sample tools. */
export function runFreeFormRequest(message: string, options: RunOptions = {}): Promise<ScenarioRun> {
  return runWithSampleTools((clock) => createRouterModel({ clock, seed: 7 }), message, options);
}

async function runWithSampleTools(
  modelFor: (clock: VirtualClock) => LanguageModel,
  message: string,
  options: RunOptions,
): Promise<ScenarioRun> {
  const clock = new VirtualClock();
  const settings = sampleRunSettings;
  // Jitter fixed at its middle, so backoff waits are exact: 375 ms, then 750 ms with the default policy.
  const executor = new ToolExecutor({
    timeoutMs: settings.timeoutMs,
    retry: settings.retry,
    concurrency: settings.concurrency ?? Infinity,
    clock,
    random: () => 0.5,
    ...(options.timeoutStrategy ? { timeoutStrategy: options.timeoutStrategy } : {}),
  });
  // One simulated downstream for the run, shared by every tool, as the page has one.
  const downstreams = new SimulatedDownstreams();
  for (const sampleTool of sampleTools) {
    const tool = options.replaceTools?.[sampleTool.name] ?? sampleAsTool(sampleTool, downstreams);
    // Faults wrap the tool as the app's executorFor does: the tool's code is untouched.
    executor.register(withFaults(tool, options.faults?.[sampleTool.name], options.faultSeed ?? 1));
  }
  // The Python samples a scenario may add for its run (prepare.addSampleTools), as in-process stand-ins.
  for (const tool of pythonStandIns) executor.register(withFaults(tool, options.faults?.[tool.name], options.faultSeed ?? 1));
  const events: AgentRunEvent[] = [];
  const executorEvents: ExecutorEvent[] = [];
  executor.on((event) => executorEvents.push(event));
  // As a session does before a run: a tool whose health probe fails is taken out of rotation.
  if (options.faults) await executor.checkHealth();
  const running = runAgent({
    model: modelFor(clock),
    executor,
    messages: [{ role: 'user', content: message }],
    maxIterations: settings.maxIterations,
    clock,
    onEvent: (event) => events.push(event),
  });
  await clock.runUntilIdle();
  const result = await running;
  const argumentsById = new Map(
    events.flatMap((event) => (event.type === 'tool-call-queued' ? [[event.toolCallId, event.arguments] as const] : [])),
  );
  const calls = events
    .filter((event): event is ToolCallEndEvent => event.type === 'tool-call-end')
    .map((event) => ({ ...event.result, arguments: parseArguments(argumentsById.get(event.toolCallId)) }));
  return { result, events, executorEvents, clock, calls };
}

function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The most calls running at once, from the executor's own concurrency gauge. */
export function peakConcurrency(events: readonly AgentRunEvent[]): number {
  return Math.max(0, ...events.flatMap((event) => (event.type === 'tool-call-start' ? [event.concurrency] : [])));
}
