// Picks the tools a message is about, by word overlap with each tool's name, description and parameter
// descriptions. A name match counts most: "weather" in the message and `get_weather` is a strong hint.
import type { ToolDefinition } from '../../core/index.ts';
import { arithmeticIn, keywords } from './words.ts';

export interface ScoredTool {
  tool: ToolDefinition;
  score: number;
}

function parameterText(tool: ToolDefinition): string {
  const properties = (tool.parameters.properties ?? {}) as Record<string, { description?: unknown }>;
  return Object.entries(properties)
    .map(([name, schema]) => `${name} ${typeof schema?.description === 'string' ? schema.description : ''}`)
    .join(' ');
}

function overlap(message: Set<string>, text: string): number {
  let count = 0;
  for (const word of keywords(text)) if (message.has(word)) count++;
  return count;
}

/** A tool that takes an expression, for a message that holds arithmetic ("17% of 2340") whatever its words. */
function takesExpression(tool: ToolDefinition): boolean {
  return Object.keys(tool.parameters.properties ?? {}).some((name) => /^(expression|formula|equation|math)$/i.test(name));
}

export function scoreTools(message: string, tools: readonly ToolDefinition[]): ScoredTool[] {
  const messageWords = keywords(message);
  const hasArithmetic = arithmeticIn(message).length > 0;
  return tools
    .map((tool) => ({
      tool,
      score:
        3 * overlap(messageWords, tool.name) +
        2 * overlap(messageWords, tool.description) +
        overlap(messageWords, parameterText(tool)) +
        (hasArithmetic && takesExpression(tool) ? 4 : 0),
    }))
    .sort((first, second) => second.score - first.score || first.tool.name.localeCompare(second.tool.name));
}

/**
 * The tools worth calling: the best one, plus any scoring at least half as well (a message can ask for
 * two things at once), three at most.
 */
export function selectTools(message: string, tools: readonly ToolDefinition[], maximum = 3): ToolDefinition[] {
  const scored = scoreTools(message, tools);
  const best = scored[0]?.score ?? 0;
  if (best < 2) return [];
  return scored
    .filter((entry) => entry.score >= Math.max(2, best / 2))
    .slice(0, maximum)
    .map((entry) => entry.tool);
}
