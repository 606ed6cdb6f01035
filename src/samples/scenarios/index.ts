import type { SampleScenario } from '../sample-types.ts';
import { canaryScenario } from './canary.ts';
import { fanOutScenario } from './fan-out.ts';
import { flakyRetryScenario } from './flaky-retry.ts';
import { invalidArgumentsScenario } from './invalid-arguments.ts';
import { inventoryBurstScenario } from './inventory-burst.ts';
import { maxIterationsScenario } from './max-iterations.ts';
import { mixedLanguagesScenario } from './mixed-languages.ts';
import { parallelCallsScenario } from './parallel-calls.ts';
import { rateLimitScenario } from './rate-limit.ts';
import { runawayCodeScenario } from './runaway-code.ts';
import { sideEffectsScenario } from './side-effects.ts';
import { timeoutScenario } from './timeout.ts';
import { unknownToolScenario } from './unknown-tool.ts';

/** In teaching order: the happy path, then validation, then time, then failures and retries, then guards. */
export const sampleScenarios: readonly SampleScenario[] = [
  parallelCallsScenario,
  fanOutScenario,
  inventoryBurstScenario,
  invalidArgumentsScenario,
  unknownToolScenario,
  timeoutScenario,
  runawayCodeScenario,
  flakyRetryScenario,
  rateLimitScenario,
  sideEffectsScenario,
  maxIterationsScenario,
  canaryScenario,
  mixedLanguagesScenario,
];
