// The free-form mock model: for a typed message it picks a tool for each part of the request from their
// names and descriptions and fills their arguments from the schema and the message. Parts that do not
// need each other are called in one turn (in parallel); a part that needs another's result ("email it")
// is called in the next turn, with that result. Once every part has run, it answers from what the tools
// returned. No key, no network, and seeded, so a run repeats exactly. It reads only the messages: each
// turn re-reads the request and the calls made so far, as a model would.
import type { Clock } from '../../core/index.ts';
import { RealClock } from '../../core/index.ts';
import type { ChatMessage, GenerateRequest, GenerateResult, LanguageModel, ModelToolCall } from '../model-types.ts';
import { buildArguments } from './argument-builder.ts';
import { resultAsText, subjectOf } from './describe-success.ts';
import { estimateUsage, playOut } from './mock-output.ts';
import { seededRandom, toolCallId } from './random.ts';
import { lastUserIndex, outcomesSinceUser, type CallOutcome } from './read-results.ts';
import { planRequest, type PlannedStep } from './request-plan.ts';
import { answerFromOutcomes } from './summarize-results.ts';

export interface RouterModelOptions {
  seed?: number;
  clock?: Clock;
  /** Typical latency; each call varies by up to ±30 %, drawn from the seeded generator. Default 0. */
  latencyMs?: number;
  /** Most calls in one turn. Default 3. */
  maximumToolCalls?: number;
}

/** The turns that asked for tools since the user's message. */
function toolTurnsSince(messages: readonly ChatMessage[], userIndex: number): number {
  return messages.slice(userIndex + 1).filter((message) => message.role === 'assistant' && message.toolCalls.length > 0).length;
}

/** The first success of the step a dependent step needs, from the turn it ran in; undefined if it failed. */
function resultNeeded(step: PlannedStep, plan: readonly PlannedStep[], outcomes: readonly CallOutcome[]): CallOutcome | undefined {
  const needed = step.dependsOn === undefined ? undefined : plan[step.dependsOn];
  if (!needed) return undefined;
  const names = new Set(needed.tools.map((tool) => tool.name));
  return outcomes.find((outcome) => outcome.turn === needed.turn && names.has(outcome.name) && !outcome.failure);
}

/** Steps left out because what they needed failed: said in the answer, so the person knows it was not done. */
function skippedSteps(plan: readonly PlannedStep[], outcomes: readonly CallOutcome[]): string[] {
  return plan.flatMap((step) => {
    if (step.dependsOn === undefined || resultNeeded(step, plan, outcomes)) return [];
    const needed = plan[step.dependsOn]?.tools.map((tool) => tool.name).join(' and ') ?? 'the step before';
    return [
      `I did not call ${step.tools.map((tool) => tool.name).join(' and ')} (“${step.clause}”): it needed the result of ${needed}, which failed.`,
    ];
  });
}

export function createRouterModel(options: RouterModelOptions = {}): LanguageModel {
  const clock = options.clock ?? new RealClock();
  const random = seededRandom(options.seed ?? 1);
  const maximumToolCalls = options.maximumToolCalls ?? 3;

  function decide(request: GenerateRequest): Pick<GenerateResult, 'content' | 'toolCalls'> {
    const userIndex = lastUserIndex(request.messages);
    const user = request.messages[userIndex];
    if (!user || user.role !== 'user') return { content: 'Type a request and I will pick tools for it.', toolCalls: [] };
    const plan = planRequest(user.content, request.tools, maximumToolCalls);
    if (plan.length === 0) {
      const names = request.tools.map((tool) => tool.name).join(', ') || 'none';
      return {
        content: `I could not match "${user.content}" to a tool, so I answer without one. Tools available: ${names}.`,
        toolCalls: [],
      };
    }
    const outcomes = outcomesSinceUser(request.messages);
    const turn = toolTurnsSince(request.messages, userIndex);
    const toolCalls: ModelToolCall[] = [];
    for (const step of plan.filter((planned) => planned.turn === turn)) {
      const needed = resultNeeded(step, plan, outcomes);
      if (step.dependsOn !== undefined && !needed) continue;
      const carried = needed
        ? { subject: subjectOf(needed.value, needed.arguments) ?? needed.name, text: resultAsText(needed.value, needed.arguments) }
        : undefined;
      for (const tool of step.tools)
        for (const argumentsObject of buildArguments(tool.parameters, step.clause, maximumToolCalls, carried))
          if (toolCalls.length < maximumToolCalls)
            toolCalls.push({ id: toolCallId(random), name: tool.name, arguments: JSON.stringify(argumentsObject) });
    }
    if (toolCalls.length === 0) {
      const skipped = skippedSteps(plan, outcomes);
      const answer = answerFromOutcomes(outcomes);
      return { content: skipped.length > 0 ? `${answer}\n${skipped.join('\n')}` : answer, toolCalls: [] };
    }
    const names = [...new Set(toolCalls.map((call) => call.name))].join(' and ');
    const later = plan.some((step) => step.turn > turn) ? ' Then I will use what it returns for the rest.' : '';
    return { content: `I'll use ${names} for this.${later}`, toolCalls };
  }

  async function generate(request: GenerateRequest): Promise<GenerateResult> {
    request.signal?.throwIfAborted();
    const { content, toolCalls } = decide(request);
    const base = options.latencyMs ?? 0;
    const latencyMs = base === 0 ? 0 : Math.round(base * (0.7 + 0.6 * random()));
    await playOut({ content, toolCalls }, latencyMs, clock, request.signal, request.onDelta);
    const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
    return {
      content,
      toolCalls,
      finishReason,
      rawFinishReason: finishReason,
      usage: estimateUsage(request.messages, content, toolCalls),
      model: 'mock:router',
    };
  }

  return { id: 'mock:router', label: 'Mock model — free-form (picks tools by their descriptions)', generate };
}
