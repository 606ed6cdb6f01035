// The saved workspace the scale benchmark starts the app with: a new workspace (the sample tools,
// compiled in the sandbox as usual) plus scenarios of many calls, at concurrency 8 as issue 30 measures.
import type { ScenarioInput } from '../src/llm/index.ts';
import { createDefaultWorkspace } from '../src/workspace/default-workspace.ts';
import { newId } from '../src/workspace/new-id.ts';
import { serializeSavedWorkspace } from '../src/workspace/saved-workspace.ts';
import { WORKSPACE_KEY } from '../src/workspace/storage-keys.ts';

export const scaleConcurrency = 8;
/** How long each call's work takes: slow_report's five sections of 20 ms, each a ctx.sleep and a log line. */
export const callMs = 100;
export const conversationTurns = 100;

const reportCall = (index: number) => ({ name: 'slow_report', arguments: { topic: `Report ${index + 1}`, duration_ms: callMs } });

/** One model turn asking for `calls` reports at once, then the model's answer. */
export function fanOutScenarioName(calls: number): string {
  return `Scale: ${calls.toLocaleString('en')} calls in one turn`;
}

export const conversationScenarioName = `Scale: ${conversationTurns} turns of 2 calls`;

function fanOut(calls: number): ScenarioInput {
  return {
    name: fanOutScenarioName(calls),
    seed: 3,
    turns: [{ text: 'All at once.', latencyMs: 0, toolCalls: Array.from({ length: calls }, (_, index) => reportCall(index)) }],
  };
}

/** Model turns with two calls each, the last of the hundred the model's answer (maxIterations is 100). */
function conversation(): ScenarioInput {
  return {
    name: conversationScenarioName,
    seed: 4,
    turns: Array.from({ length: conversationTurns - 1 }, (_, turn) => ({
      text: `Turn ${turn + 1}.`,
      latencyMs: 0,
      toolCalls: [reportCall(turn * 2), reportCall(turn * 2 + 1)],
    })),
  };
}

/** localStorage entries of a returning visitor whose workspace has the scale scenarios. */
export function scaleWorkspaceStorage(fanOutSizes: readonly number[]): Record<string, string> {
  const workspace = createDefaultWorkspace();
  const scenarios = [...fanOutSizes.map(fanOut), conversation()];
  workspace.scenarios.push(...scenarios.map((input) => ({ id: newId(), name: input.name, source: JSON.stringify(input, null, 2) })));
  workspace.settings.concurrency = scaleConcurrency;
  workspace.settings.maxIterations = conversationTurns;
  return { [WORKSPACE_KEY]: serializeSavedWorkspace(workspace, new Date()) };
}
