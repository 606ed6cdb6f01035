// A large, realistic-looking run generated without an executor, for the 10,000-call benchmark and the
// drawing layer's tests. It follows the executor's event grammar (queued -> start -> attempts with
// retries, timeouts and late settles -> end) under a concurrency limit, deterministically from a seed.
import type { AgentRunEvent } from '../agent/index.ts';
import type { AttemptDetail, AttemptOutcome, ExecutorEvent, ToolCallResult, ToolError } from '../core/index.ts';

/** An executor event before the call's identity is stamped on it (distributes over the union). */
type Unstamped<Event> = Event extends unknown ? Omit<Event, 'toolCallId' | 'name' | 'batchId'> : never;
import { seededRandom } from '../llm/index.ts';

export interface SyntheticRunOptions {
  calls: number;
  /** Calls per agent iteration (one batch each). Default 50. */
  batchSize?: number;
  concurrency?: number;
  seed?: number;
}

const toolNames = ['get_weather', 'search_web', 'read_file', 'send_email', 'query_db'];

export function syntheticRun({ calls, batchSize = 50, concurrency = 8, seed = 1 }: SyntheticRunOptions): AgentRunEvent[] {
  const random = seededRandom(seed);
  // Events as made, and their order within an instant: calls end (freeing slots) before others start.
  // Sorted through their indices, not as [time, order, event] triples: a 100,000-call run made 578,000
  // arrays of garbage right before the page benchmark measured its first frames and pan.
  const unsorted: AgentRunEvent[] = [];
  const orders: number[] = [];
  const push = (event: AgentRunEvent, order = 1) => {
    unsorted.push(event);
    orders.push(order);
  };
  let time = 0;
  for (let made = 0, iteration = 1; made < calls; iteration++) {
    push({ type: 'step-start', time, iteration });
    push({ type: 'model-call-start', time, iteration, modelId: 'synthetic', messageCount: iteration * 2, toolCount: toolNames.length });
    const latency = 200 + Math.round(random() * 400);
    const count = Math.min(batchSize, calls - made);
    push({
      type: 'model-call-end',
      time: time + latency,
      iteration,
      startedAt: time,
      latencyMs: latency,
      finishReason: 'tool_calls',
      toolCallCount: count,
    });
    time += latency;
    const slots: number[] = new Array<number>(concurrency).fill(time);
    let batchEnd = time;
    for (let index = 0; index < count; index++, made++) {
      const slot = slots.indexOf(Math.min(...slots));
      const end = syntheticCall(
        `call_${made}`,
        toolNames[made % toolNames.length] as string,
        `batch_${iteration}`,
        index,
        time,
        slots[slot] as number,
        random,
        push,
      );
      slots[slot] = end;
      batchEnd = Math.max(batchEnd, end);
    }
    time = batchEnd;
    push({ type: 'step-end', time, iteration, toolCallCount: count });
  }
  // A stable sort of the indices: events at one instant and order keep the order they were made in.
  const indices = Array.from(unsorted.keys());
  indices.sort(
    (left, right) =>
      (unsorted[left] as AgentRunEvent).time - (unsorted[right] as AgentRunEvent).time ||
      (orders[left] as number) - (orders[right] as number),
  );
  return indices.map((index) => unsorted[index] as AgentRunEvent);
}

function syntheticCall(
  toolCallId: string,
  name: string,
  batchId: string,
  index: number,
  queuedAt: number,
  slotFree: number,
  random: () => number,
  push: (event: AgentRunEvent, order?: number) => void,
): number {
  const base = { toolCallId, name, batchId };
  const emit = (event: Unstamped<ExecutorEvent>, order?: number) => push({ ...base, ...event } as ExecutorEvent, order);
  emit({ type: 'tool-call-queued', time: queuedAt, arguments: { query: `${name} ${index}` }, index });
  const startedAt = Math.max(queuedAt, slotFree);
  emit({ type: 'tool-call-start', time: startedAt, concurrency: 1 });
  const timeoutMs = 2000;
  const flaky = random() < 0.15;
  const attempts = flaky ? 1 + Math.ceil(random() * 2) : 1;
  const details: AttemptDetail[] = [];
  let time = startedAt;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const last = attempt === attempts;
    const timesOut = last && random() < 0.03;
    const duration = timesOut ? timeoutMs : 20 + Math.round(random() * random() * 900);
    emit({ type: 'attempt-start', time, attempt, deadline: time + timeoutMs, timeoutMs });
    const outcome: AttemptOutcome = timesOut ? 'timeout' : last ? 'success' : 'execution_error';
    const error: ToolError | undefined =
      outcome === 'success' ? undefined : { kind: outcome, message: `${outcome} (synthetic)`, retryable: true };
    emit({ type: 'attempt-end', time: time + duration, attempt, outcome, startedAt: time, ...(error ? { error } : {}) });
    if (timesOut) emit({ type: 'attempt-late-settle', time: time + duration + 300, attempt, outcome: 'success' });
    const detail: AttemptDetail = {
      attempt,
      startedAt: time,
      deadline: time + timeoutMs,
      endedAt: time + duration,
      outcome,
      ...(error ? { error } : {}),
    };
    details.push(detail);
    time += duration;
    if (!last) {
      const delayMs = 100 * 2 ** (attempt - 1);
      Object.assign(detail, { retryDelayMs: delayMs, retryReason: 'execution_error' });
      emit({ type: 'retry-scheduled', time, attempt, delayMs, reason: 'execution_error' });
      time += delayMs;
    }
  }
  const failed = details.at(-1)?.outcome !== 'success';
  const result: ToolCallResult = {
    toolCallId,
    name,
    ...(failed
      ? { status: 'error', error: { kind: 'timeout', message: 'timed out', retryable: true } }
      : { status: 'success', result: { ok: true } }),
    attempts,
    queuedAt,
    startedAt,
    endedAt: time,
    durationMs: time - startedAt,
    logs: [],
    attemptsDetail: details,
    batchId,
  };
  emit({ type: 'tool-call-end', time, result }, 0);
  return time;
}
