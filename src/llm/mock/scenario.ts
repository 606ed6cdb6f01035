// The scripted mock model's script: a scenario is a list of turns the model plays in order. Users edit
// it as JSON, so parsing reports every problem with a JSON path and a line/column for editor markers.
import { z } from 'zod';
import type { TextRange } from '../json-positions.ts';
import { parseJsonWithPositions } from '../json-positions.ts';
import type { Result } from '../../core/index.ts';

const scriptedToolCallSchema = z.strictObject({
  name: z.string().min(1, 'A tool call needs the tool name'),
  /** An object, or raw text: a scenario can send malformed or cut-off JSON on purpose. */
  arguments: z
    .union([z.record(z.string(), z.unknown()), z.string()], { error: 'arguments must be an object or a JSON string' })
    .default({}),
  id: z.string().min(1).optional(),
});

const scriptedTurnSchema = z
  .strictObject({
    text: z.string().optional(),
    toolCalls: z.array(scriptedToolCallSchema).optional(),
    /** Time the model "thinks" before answering, on the run's clock. */
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    /** Override, e.g. `length` to play a response cut off at the token limit. */
    finishReason: z.enum(['stop', 'tool_calls', 'length', 'content_filter']).optional(),
  })
  .refine((turn) => turn.text !== undefined || (turn.toolCalls?.length ?? 0) > 0, { error: 'A turn needs "text", "toolCalls", or both' });

/**
 * What a lesson's scenario sets up in the workspace before it runs (the app does this, the model never
 * sees it), through the same features a person would use: a new version of a tool on a canary share,
 * an outage of a tool's downstream (fault injection), discovery of the top k tools, sample tools the
 * workspace does not have (the Python samples, which a TypeScript-only workspace must not load).
 */
const scenarioPreparationSchema = z.strictObject({
  /** Deploys the next version of `tool`: its code with `change` applied, at `traffic` of the calls. Once: not if it has versions. */
  release: z
    .strictObject({
      tool: z.string().min(1),
      change: z.strictObject({ find: z.string().min(1), replace: z.string() }),
      traffic: z.number().gt(0).lt(1),
      routing: z.enum(['conversation', 'call']).optional(),
    })
    .optional(),
  /** Tools whose downstream is down: every request answers 503 (an injected fault). */
  outage: z.array(z.string().min(1)).optional(),
  /** Offer each turn only the top k tools that discovery finds for the user's message. */
  discover: z.number().int().min(1).max(20).optional(),
  /** Sample tools a new workspace does not have (the Python ones), added for this run only, by name. */
  addSampleTools: z.array(z.string().min(1)).optional(),
});

export const scenarioSchema = z.strictObject({
  name: z.string().min(1, 'A scenario needs a name'),
  description: z.string().optional(),
  prepare: scenarioPreparationSchema.optional(),
  /** Seeds generated tool-call ids, so a run repeats exactly. */
  seed: z.number().int().optional(),
  turns: z.array(scriptedTurnSchema).min(1, 'A scenario needs at least one turn'),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ScriptedTurn = z.infer<typeof scriptedTurnSchema>;
export type ScenarioPreparation = z.infer<typeof scenarioPreparationSchema>;
export type ScriptedToolCall = z.infer<typeof scriptedToolCallSchema>;

/** JSON Schema of the scenario format, for the editor's completion and hover (Monaco's JSON language). */
export function scenarioJsonSchema(): Record<string, unknown> {
  const { $schema: _dropped, ...schema } = z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return schema;
}

export interface ScenarioProblem {
  /** Dot-joined JSON path, `''` for the root (e.g. `turns.1.toolCalls.0.name`). */
  path: string;
  message: string;
  /** 1-based; where an editor should put the marker. */
  range: TextRange;
}

export type ParsedScenario = Result<{ scenario: Scenario }, { problems: ScenarioProblem[] }>;

export function parseScenario(jsonText: string): ParsedScenario {
  const parsed = parseJsonWithPositions(jsonText);
  if (!parsed.ok) {
    const range = {
      start: parsed.position,
      end: { ...parsed.position, offset: parsed.position.offset + 1, column: parsed.position.column + 1 },
    };
    return {
      ok: false,
      problems: [
        { path: '', message: `Invalid JSON: ${parsed.message} (line ${parsed.position.line}, column ${parsed.position.column})`, range },
      ],
    };
  }
  const checked = scenarioSchema.safeParse(parsed.value);
  if (checked.success) return { ok: true, scenario: checked.data };
  const problems = checked.error.issues.map((issue): ScenarioProblem => {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    // An unknown key is marked where its value sits, rather than on the whole object that holds it.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const range = keys.length > 0 ? parsed.rangeOf([...path, keys[0] as string]) : parsed.rangeOf(path);
    return { path: path.join('.'), message: issue.message, range };
  });
  return { ok: false, problems };
}
