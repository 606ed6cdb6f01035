import type { Clock } from '../core/index.ts';
import {
  createModelFromSettings,
  createRouterModel,
  createScriptedModel,
  isProviderError,
  parseScenario,
  type LanguageModel,
} from '../llm/index.ts';
import type { ProviderSettings } from '../workspace/workspace-schema.ts';

export interface ModelChoice {
  provider: ProviderSettings;
  apiKey?: string;
  clock: Clock;
  /** JSON of a scenario to play with the scripted mock; null for free-form chat. */
  scenarioSource: string | null;
  /** A fork: the scripted scenario starts at this turn (the turns before it are replayed from the record). */
  firstScriptedTurn?: number;
}

/** The model for a run, or a message saying why there is none (bad scenario JSON, missing key…). */
export function chooseModel({ provider, apiKey, clock, scenarioSource, firstScriptedTurn }: ModelChoice): LanguageModel | string {
  if (scenarioSource !== null) {
    const parsed = parseScenario(scenarioSource);
    if (!parsed.ok) {
      const first = parsed.problems[0];
      return `The scenario is not valid${first ? ` (line ${first.range.start.line}: ${first.path ? `${first.path}: ` : ''}${first.message})` : ''}. Fix it in the scenario editor.`;
    }
    return createScriptedModel(parsed.scenario, { clock, firstTurn: firstScriptedTurn });
  }
  if (provider.kind === 'mock') return createRouterModel({ clock, seed: 7, latencyMs: 400 });
  try {
    return createModelFromSettings({
      presetId: provider.kind,
      model: provider.model,
      baseUrl: provider.baseUrl || undefined,
      apiKey,
      stream: provider.stream,
    });
  } catch (error) {
    return isProviderError(error) ? error.message : String(error);
  }
}
