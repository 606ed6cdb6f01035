// The scripted mock model: plays turn N of a scenario on its Nth call, with no key and no network.
// Its tool calls are a script, but its final answer is not blind: a scripted final text is the wording
// for the case where the calls came back well; when one failed (a fault injected, a service down), and
// after the last turn, it answers from what the tools returned instead.
import type { Clock } from '../../core/index.ts';
import { RealClock } from '../../core/index.ts';
import type { FinishReason, GenerateRequest, GenerateResult, LanguageModel, ModelToolCall } from '../model-types.ts';
import { estimateUsage, playOut } from './mock-output.ts';
import { seededRandom, toolCallId } from './random.ts';
import type { Scenario, ScriptedTurn } from './scenario.ts';
import { answerFromConversation, everyCallSucceeded } from './summarize-results.ts';

export interface ScriptedModelOptions {
  /** Latency goes through it, so a virtual clock makes runs instant and replayable. Default RealClock. */
  clock?: Clock;
  /** Latency of turns that set none, and of the closing summary. Default 0. */
  defaultLatencyMs?: number;
  /** Start at this turn (a fork that replays the turns before it); call ids are drawn as if they had played. */
  firstTurn?: number;
}

export interface ScriptedModel extends LanguageModel {
  /** Calls answered so far; the next call plays `turns[callCount]`. */
  readonly callCount: number;
  /** Starts the script over (a new run). */
  reset(): void;
}

function toolCallsOf(turn: ScriptedTurn, random: () => number): ModelToolCall[] {
  // Ids are drawn for every call, even those with a scripted id, so editing one id does not shift the others.
  return (turn.toolCalls ?? []).map((call) => {
    const generated = toolCallId(random);
    return {
      id: call.id ?? generated,
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    };
  });
}

/** A turn that answers the user: no tool calls, not cut off. */
const isFinalAnswer = (turn: ScriptedTurn): boolean => (turn.toolCalls?.length ?? 0) === 0 && (turn.finishReason ?? 'stop') === 'stop';

export function createScriptedModel(scenario: Scenario, options: ScriptedModelOptions = {}): ScriptedModel {
  const clock = options.clock ?? new RealClock();
  let random = seededRandom(scenario.seed ?? 1);
  let callCount = 0;
  const skip = () => {
    for (; callCount < Math.min(options.firstTurn ?? 0, scenario.turns.length); callCount++)
      toolCallsOf(scenario.turns[callCount] as ScriptedTurn, random);
    callCount = Math.max(callCount, options.firstTurn ?? 0);
  };
  skip();

  async function generate(request: GenerateRequest): Promise<GenerateResult> {
    request.signal?.throwIfAborted();
    const turn = scenario.turns[callCount];
    callCount++;
    let content: string;
    let toolCalls: ModelToolCall[];
    let finishReason: FinishReason;
    let latencyMs: number;
    if (turn) {
      content = isFinalAnswer(turn) && !everyCallSucceeded(request.messages) ? answerFromConversation(request.messages) : (turn.text ?? '');
      toolCalls = toolCallsOf(turn, random);
      finishReason = turn.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
      latencyMs = turn.latencyMs ?? options.defaultLatencyMs ?? 0;
    } else {
      content = answerFromConversation(request.messages);
      toolCalls = [];
      finishReason = 'stop';
      latencyMs = options.defaultLatencyMs ?? 0;
    }
    await playOut({ content, toolCalls }, latencyMs, clock, request.signal, request.onDelta);
    return {
      content,
      toolCalls,
      finishReason,
      rawFinishReason: finishReason,
      usage: estimateUsage(request.messages, content, toolCalls),
      model: `scripted:${scenario.name}`,
    };
  }

  return {
    id: 'mock:scripted',
    label: `Mock model — scenario "${scenario.name}"`,
    get callCount() {
      return callCount;
    },
    reset() {
      callCount = 0;
      random = seededRandom(scenario.seed ?? 1);
      skip();
    },
    generate,
  };
}
