// Which tools the model is offered on a turn. With dozens of tools, offering only the few most relevant
// to the user's request saves context and helps the model choose (CONCEPTS.md, dynamic discovery).
import { defaultDiscoveryLimit, type ToolDefinition, messageOf } from '../core/index.ts';
import type { ChatMessage } from '../llm/index.ts';
import type { AgentExecutor, ToolSelection } from './agent-types.ts';

export interface ToolOffer {
  tools: ToolDefinition[];
  /** Set with the 'discover' strategy: the names offered this turn. */
  offeredTools?: string[];
  /** Discovery failed (a provider embedder's endpoint, say); every tool was offered instead. */
  discoveryError?: string;
}

/** The text discovery ranks tools against: the user's latest message, since that is what the turn answers. */
export function latestUserText(messages: readonly ChatMessage[]): string {
  // Stryker disable next-line ArithmeticOperator: starting past the end only reads two missing entries, which are skipped.
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    // Stryker disable next-line OptionalChaining: every index the loop reads holds a message.
    if (message?.role === 'user') return message.content;
  }
  return '';
}

/** Fails before the first model call rather than on it: a missing `discover` is a wiring mistake. */
export function assertCanSelect(executor: AgentExecutor, selection: ToolSelection | undefined): void {
  if (selection?.strategy !== 'discover') return;
  if (typeof executor.discover !== 'function') throw new TypeError("toolSelection 'discover' needs an executor with discover()");
}

/** `routingKey` describes each tool as the version that key's calls will run (a canary may change the schema). */
export async function offerTools(
  executor: AgentExecutor,
  messages: readonly ChatMessage[],
  selection: ToolSelection,
  routingKey?: string,
): Promise<ToolOffer> {
  const discover = executor.discover?.bind(executor);
  if (!discover) return { tools: executor.getDefinitions({ routingKey }) };
  try {
    const matches = await discover(latestUserText(messages), selection.limit ?? defaultDiscoveryLimit, { routingKey });
    const tools = matches.map((match) => match.definition);
    return { tools, offeredTools: tools.map((tool) => tool.name) };
  } catch (error) {
    // Discovery only narrows the offer; when it fails the turn goes on with every tool.
    const tools = executor.getDefinitions({ routingKey });
    return { tools, offeredTools: tools.map((tool) => tool.name), discoveryError: messageOf(error) };
  }
}
