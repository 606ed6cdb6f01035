import type { ScenarioInput } from '../../llm/index.ts';
import { defineScenario } from './define-scenario.ts';

const refinements = [
  '',
  ' reviews',
  ' open now',
  ' near the station',
  ' cheap',
  ' best rated',
  ' 2025',
  ' wood-fired',
  ' family',
  ' late night',
  ' takeaway',
  ' gluten free',
];

const turns: ScenarioInput['turns'] = refinements.map((refinement, index) => ({
  text: index === 0 ? 'Searching.' : 'Not sure yet; one more search.',
  latencyMs: 100,
  toolCalls: [{ name: 'search_web', arguments: { query: `best pizza in Naples${refinement}`, max_results: 1 } }],
}));

export const maxIterationsScenario = defineScenario({
  name: 'Max iterations: a model that never stops calling tools',
  description:
    'The script has 12 turns and every one calls search_web again. The agent loop guard (Max iterations in Run ' +
    'settings, 10 by default) ends the run after the 10th model call instead of letting it loop for ever.',
  seed: 10,
  turns,
});
