// A scripted scenario played in real time, for Run tests when a scenario calls a tool whose work is real
// time no virtual clock can see (an MCP server's): on virtual time its calls looked instant (echo as 0 ms)
// or, past the stuck guard, let the clock jump so a 2.5 s call was recorded as three timeouts. The same
// result shape as runOnVirtualClock, so the trajectory and its assertions read both alike.
import { runAgent, type AgentRunEvent } from '../agent/index.ts';
import { RealClock } from '../core/index.ts';
import { createScriptedModel, seededRandom } from '../llm/index.ts';
import type { VirtualRunOptions, VirtualRunResult } from './virtual-run.ts';

export async function runOnRealClock(options: VirtualRunOptions): Promise<VirtualRunResult> {
  const { scenario } = options;
  const clock = new RealClock();
  const executor = await options.createExecutor({ clock, wrapTool: (tool) => tool, random: seededRandom(scenario.seed ?? 1) });
  const events: AgentRunEvent[] = [];
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abort, { once: true });
  const maxRealMs = options.maxRealMs ?? 60_000;
  let problem: string | undefined;
  const guard = setTimeout(() => {
    problem = 'The run took too long in real time and was stopped.';
    controller.abort(new Error(problem));
  }, maxRealMs);
  try {
    const result = await runAgent({
      model: createScriptedModel(scenario, { clock }),
      executor,
      messages: [{ role: 'user', content: scenario.name }],
      maxIterations: options.maxIterations,
      routingKey: options.routingKey,
      signal: controller.signal,
      clock,
      onEvent: (event) => events.push(event),
      stream: false,
    });
    const first = events[0]?.time ?? 0;
    const last = events.reduce((latest, event) => Math.max(latest, event.time), first);
    return { events, totalMs: last - first, stopReason: result.stopReason, messages: result.messages, ...(problem ? { problem } : {}) };
  } finally {
    clearTimeout(guard);
    options.signal?.removeEventListener('abort', abort);
  }
}
