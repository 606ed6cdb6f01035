// How the free-form mock model reads a request with several parts: "What is 17% of 2340, and the latest
// SpaceX news?" is two intents, each with its own tool, called together because neither needs the other;
// "Write the Q3 report for the Nordics and email it to ana@example.com" is two steps where the second
// needs the first one's result ("it"), so it waits for the next turn. A part that fits no tool of its
// own ("Paris and London": "London") belongs to the part before it.
import type { ToolDefinition } from '../../core/index.ts';
import { selectTools } from './tool-matching.ts';

export interface PlannedStep {
  /** The words of the request this step answers. */
  clause: string;
  tools: ToolDefinition[];
  /** The step whose result this one needs, by index; undefined when it can run at once. */
  dependsOn?: number;
  /** The turn it runs in: 0 for independent steps, one more than its dependency otherwise. */
  turn: number;
}

/** Where a request splits into parts, keeping the joining words to tell "and then" from "and". */
const separators = /(\s*[;?]\s*|\.\s+|,?\s+and then\s+|,?\s+then\s+|,\s*and\s+|\s+and\s+|,\s+also\s+|,\s+)/i;

/** Words in a part that point back at the result of the part before it. */
const refersBack = /\b(it|them|that|this|those|these|the (results?|report|answer|list|summary|output|total))\b/i;

interface Part {
  clause: string;
  /** The words joining this part to the one before ("and then", ", "). */
  joinedBy: string;
}

function partsOf(request: string): Part[] {
  const pieces = request.split(separators);
  const parts: Part[] = [];
  for (let index = 0; index < pieces.length; index += 2) {
    const clause = (pieces[index] ?? '').trim();
    if (clause !== '') parts.push({ clause, joinedBy: index === 0 ? '' : (pieces[index - 1] ?? '') });
  }
  return parts;
}

const sameTools = (first: readonly ToolDefinition[], second: readonly ToolDefinition[]): boolean =>
  first.length === second.length && first.every((tool, index) => tool.name === second[index]?.name);

/** The steps of a request, in order. Empty when no part fits a tool. */
export function planRequest(request: string, tools: readonly ToolDefinition[], maximumTools = 3): PlannedStep[] {
  const steps: (Omit<PlannedStep, 'turn'> & { joinedBy: string })[] = [];
  for (const part of partsOf(request)) {
    const chosen = selectTools(part.clause, tools, maximumTools);
    const previous = steps.at(-1);
    const dependent = /then/i.test(part.joinedBy) || refersBack.test(part.clause);
    // No tool of its own, or the same tools as the part before and no need of its result: the same step.
    if (previous && (chosen.length === 0 || (sameTools(chosen, previous.tools) && !dependent))) {
      previous.clause = `${previous.clause}${part.joinedBy}${part.clause}`;
      continue;
    }
    if (chosen.length === 0) continue;
    steps.push({
      clause: part.clause,
      tools: chosen,
      joinedBy: part.joinedBy,
      ...(previous && dependent ? { dependsOn: steps.length - 1 } : {}),
    });
  }
  // The whole request read as one, when its parts alone fit nothing (a request that needs all its words).
  if (steps.length === 0) {
    const chosen = selectTools(request, tools, maximumTools);
    return chosen.length > 0 ? [{ clause: request, tools: chosen, turn: 0 }] : [];
  }
  const turns: number[] = [];
  return steps.map(({ joinedBy: _joinedBy, ...step }, index) => {
    turns[index] = step.dependsOn === undefined ? 0 : (turns[step.dependsOn] ?? 0) + 1;
    return { ...step, turn: turns[index] ?? 0 };
  });
}
