// Runs a scripted scenario on virtual time, for "Compare": the same script under other settings gives
// exactly comparable timelines in a fraction of the real time. Tools may run in a worker (real time),
// so time only jumps forward once every attempt in flight is waiting on the clock (ctx.sleep) — never
// while tool code is actually running; a tool that hogs the CPU past `stuckAfterMs` of real time is
// treated as waiting, so its deadline can still fire.
import { runAgent, type AgentExecutor, type AgentRunEvent, type StopReason } from '../agent/index.ts';
import { settle, type Clock, type RetryPolicy, type TimeoutStrategy, type Tool } from '../core/index.ts';
import { createScriptedModel, seededRandom, type ChatMessage, type Scenario } from '../llm/index.ts';
import { SteppingClock } from './stepping-clock.ts';

export interface VirtualRunSettings {
  /** null: unlimited. */
  concurrency: number | null;
  timeoutMs: number;
  retry: Partial<RetryPolicy>;
  maxIterations: number;
  timeoutStrategy?: TimeoutStrategy;
  killGraceMs?: number;
}

export interface VirtualRunResult {
  events: AgentRunEvent[];
  /** Virtual ms from the first event to the last. */
  totalMs: number;
  stopReason: StopReason;
  /** The transcript the run ended with (assertions read its final answer). */
  messages?: ChatMessage[];
  /** Set when the run hit a guard (too long in real or virtual time). */
  problem?: string;
}

/** What a virtual run needs to build its executor: the clock, a wrapper every tool must go through, jitter. */
export interface VirtualExecutorParts {
  clock: Clock;
  /** Counts the tool's work in flight, so virtual time never jumps while tool code runs. */
  wrapTool(tool: Tool): Tool;
  random: () => number;
}

export interface VirtualRunOptions {
  scenario: Scenario;
  /** Builds the run's executor (the caller's registry and settings) on the parts given. */
  createExecutor(parts: VirtualExecutorParts): Promise<AgentExecutor>;
  maxIterations: number;
  /** As in runAgent: decides a canary's version for the whole run; undefined routes each call by its id. */
  routingKey?: string;
  signal?: AbortSignal;
  /** Real-time guard for the whole run. Default 60 s. */
  maxRealMs?: number;
  /** Virtual-time guard. Default one hour. */
  maxVirtualMs?: number;
  stuckAfterMs?: number;
}

const realNow = () => performance.now();
const realPause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Counts tool work in flight that is not waiting on the clock. */
function trackBusy(tool: Tool, busy: { count: number; changedAt: number }): Tool {
  const mark = (delta: number) => {
    busy.count += delta;
    busy.changedAt = realNow();
  };
  const during = <T>(work: () => T | Promise<T>): Promise<T> => {
    mark(1);
    return Promise.resolve()
      .then(work)
      .finally(() => mark(-1));
  };
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    timeoutMs: tool.timeoutMs,
    idempotent: tool.idempotent,
    retry: tool.retry,
    version: tool.version,
    timeoutStrategy: tool.timeoutStrategy,
    killGraceMs: tool.killGraceMs,
    killable: tool.killable,
    ...(tool.healthCheck ? { healthCheck: () => tool.healthCheck?.() ?? { healthy: true } } : {}),
    validate: (args, signal) => during(() => tool.validate(args, signal)),
    execute: (input, context) =>
      during(() =>
        tool.execute(input, {
          ...context,
          // Getters on the executor's context, which a spread does not copy.
          signal: context.signal,
          killSignal: context.killSignal,
          sleep: (ms) => {
            mark(-1);
            return context.sleep(ms).finally(() => mark(1));
          },
          delay: (ms) => {
            mark(-1);
            return (context.delay ? context.delay(ms) : context.sleep(ms)).finally(() => mark(1));
          },
        }),
      ),
  };
}

export async function runOnVirtualClock(options: VirtualRunOptions): Promise<VirtualRunResult> {
  const { scenario } = options;
  const clock = new SteppingClock(0);
  const busy = { count: 0, changedAt: realNow() };
  const executor = await options.createExecutor({
    clock,
    wrapTool: (tool) => trackBusy(tool, busy),
    random: seededRandom(scenario.seed ?? 1),
  });
  const events: AgentRunEvent[] = [];
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abort, { once: true });
  let problem: string | undefined;
  let answered = false;
  let eventsUntilAnswer = 0;
  let finished = false;
  const running = runAgent({
    model: createScriptedModel(scenario, { clock }),
    executor,
    messages: [{ role: 'user', content: scenario.name }],
    maxIterations: options.maxIterations,
    routingKey: options.routingKey,
    signal: controller.signal,
    clock,
    onEvent: (event) => events.push(event),
    stream: false,
  }).finally(() => {
    answered = true;
    eventsUntilAnswer = events.length;
  });
  // The run goes on until work that outlived its deadline settles late or is killed, so Compare sees it.
  void running
    .then(() => executor.whenWorkSettled?.())
    .catch(() => undefined)
    .finally(() => (finished = true));

  const startedReal = realNow();
  while (!finished) {
    await settle();
    if (finished) break;
    if (realNow() - startedReal > (options.maxRealMs ?? 60_000)) problem = 'The run took too long in real time and was stopped.';
    else if (clock.now() > (options.maxVirtualMs ?? 3_600_000)) problem = 'The run passed an hour of virtual time and was stopped.';
    if (problem) {
      controller.abort(new Error(problem));
      break;
    }
    const stuck = realNow() - busy.changedAt > (options.stuckAfterMs ?? 2000);
    if (busy.count > 0 && !stuck) await realPause(1);
    else if (await clock.step()) continue;
    // The answer is in and nothing waits on this clock: lingering work that cannot be killed and never
    // settles (a hung in-process tool) would keep the run open forever; stop watching it.
    else if (answered) break;
    else await realPause(1);
  }
  const result = await running;
  options.signal?.removeEventListener('abort', abort);
  const first = events[0]?.time ?? 0;
  // The run's own time, up to its answer: work lingering after its deadline (its logs, late settle or
  // kill) does not make the conversation longer.
  const last = events.slice(0, eventsUntilAnswer).reduce((latest, event) => Math.max(latest, event.time), first);
  return { events, totalMs: last - first, stopReason: result.stopReason, messages: result.messages, ...(problem ? { problem } : {}) };
}
