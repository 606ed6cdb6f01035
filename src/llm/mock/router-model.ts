// The free-form mock model: for a typed message it picks the relevant tools from their names and
// descriptions and fills their arguments from the schema and the message; once the results are in, it
// answers from them in plain text. No key, no network, and seeded, so a run repeats exactly.
import type { Clock } from '../../core/index.ts';
import { RealClock } from '../../core/index.ts';
import type { ChatMessage, GenerateRequest, GenerateResult, LanguageModel, ModelToolCall } from '../model-types.ts';
import { buildArguments } from './argument-builder.ts';
import { estimateUsage, playOut } from './mock-output.ts';
import { seededRandom, toolCallId } from './random.ts';
import { answerFromConversation } from './summarize-results.ts';
import { selectTools } from './tool-matching.ts';

export interface RouterModelOptions {
  seed?: number;
  clock?: Clock;
  /** Typical latency; each call varies by up to ±30 %, drawn from the seeded generator. Default 0. */
  latencyMs?: number;
  /** Most calls in one turn. Default 3. */
  maximumToolCalls?: number;
}

function lastUserMessage(messages: readonly ChatMessage[]): { content: string; index: number } | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.role === 'user') return { content: message.content, index };
  }
  return undefined;
}

export function createRouterModel(options: RouterModelOptions = {}): LanguageModel {
  const clock = options.clock ?? new RealClock();
  const random = seededRandom(options.seed ?? 1);
  const maximumToolCalls = options.maximumToolCalls ?? 3;

  function decide(request: GenerateRequest): Pick<GenerateResult, 'content' | 'toolCalls'> {
    const user = lastUserMessage(request.messages);
    if (!user) return { content: 'Type a request and I will pick tools for it.', toolCalls: [] };
    // Tools already ran for this request: answer from their results instead of calling them again.
    const answered = request.messages.slice(user.index + 1).some((message) => message.role === 'tool');
    if (answered) return { content: answerFromConversation(request.messages), toolCalls: [] };
    const tools = selectTools(user.content, request.tools, maximumToolCalls);
    if (tools.length === 0) {
      const names = request.tools.map((tool) => tool.name).join(', ') || 'none';
      return {
        content: `I could not match "${user.content}" to a tool, so I answer without one. Tools available: ${names}.`,
        toolCalls: [],
      };
    }
    const toolCalls: ModelToolCall[] = [];
    for (const tool of tools) {
      for (const argumentsObject of buildArguments(tool.parameters, user.content, tool.name, maximumToolCalls)) {
        if (toolCalls.length < maximumToolCalls)
          toolCalls.push({ id: toolCallId(random), name: tool.name, arguments: JSON.stringify(argumentsObject) });
      }
    }
    const names = [...new Set(toolCalls.map((call) => call.name))].join(' and ');
    return { content: `I'll use ${names} for this.`, toolCalls };
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
