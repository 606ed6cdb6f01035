// What the executor does with each part of an MCP tool's definition, in words for the Definition view:
// the hints are the server's claims (never trusted for safety), and only some change what runs.
import { isRetrySafe, type McpToolDefinition } from '../../../mcp/index.ts';

export interface DefinitionEffect {
  part: string;
  value: string;
  effect: string;
}

const hintEffects: Record<string, (value: boolean) => string> = {
  readOnlyHint: (value) =>
    value
      ? 'Counts as safe to repeat: retried after transient failures, unless also destructive.'
      : 'Not read-only: no retry on its account.',
  idempotentHint: (value) =>
    value ? 'Retried after transient failures (a repeat is harmless, the server says).' : 'Not idempotent: no retry on its account.',
  destructiveHint: (value) => (value ? 'Never retried: a repeat could destroy twice.' : 'Not destructive: does not forbid a retry.'),
  openWorldHint: () => 'Shown only: the executor does not act on it.',
};

export function definitionEffects(definition: McpToolDefinition): DefinitionEffect[] {
  const effects: DefinitionEffect[] = [];
  if (definition.title)
    effects.push({ part: 'title', value: definition.title, effect: 'Shown to you; the model reads the name and the description.' });
  for (const [key, value] of Object.entries(definition.annotations)) {
    if (key === 'title') effects.push({ part: 'annotations.title', value: String(value), effect: 'Shown to you only.' });
    else if (typeof value === 'boolean')
      effects.push({ part: `annotations.${key}`, value: String(value), effect: hintEffects[key]?.(value) ?? 'Shown only.' });
  }
  effects.push({
    part: 'retries',
    value: isRetrySafe(definition.annotations) ? 'yes' : 'no',
    effect: isRetrySafe(definition.annotations)
      ? 'Transient failures (network, 429/5xx, a dropped stream) are retried under the run\u2019s retry policy.'
      : 'Never retried: the hints do not say a repeat is harmless.',
  });
  if (definition.outputSchema !== undefined)
    effects.push({
      part: 'outputSchema',
      value: 'given',
      effect:
        'The structured result (structuredContent) is shown beside the content and sent to the model with it; Toolscope does not check it against the schema.',
    });
  const taskSupport = definition.execution?.taskSupport;
  if (taskSupport)
    effects.push({
      part: 'execution.taskSupport',
      value: taskSupport,
      effect:
        taskSupport === 'required'
          ? 'Runs as a task: the call creates it, polls tasks/get at the server\u2019s interval, reads tasks/result; Stop or the deadline sends tasks/cancel. Each status is a note on the call\u2019s bar.'
          : 'Called directly (a plain tools/call): a task is not needed.',
    });
  return effects;
}

/** The tool as the server listed it, for the raw view. */
export function listedDefinition(definition: McpToolDefinition): Record<string, unknown> {
  const { problem: _problem, ...listed } = definition;
  return listed;
}
