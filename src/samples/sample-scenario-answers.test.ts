import { describe, expect, it } from 'vitest';
import { parseScenario } from '../llm/index.ts';
import type { Tool, ToolCallResult } from '../core/index.ts';
import { noFaults, type FaultSettings } from '../faults/index.ts';
import { sampleScenarios } from './scenarios/index.ts';
import { sampleAsTool } from './evaluate-sample.test-support.ts';
import { runSampleScenario } from './run-sample-scenario.test-support.ts';
import { cpuHog } from './tools/cpu-hog.ts';
import { sampleTools } from './tools/index.ts';

// Issue 27, point 1: the mock model's final answer is derived from what the tools returned. Over every
// sample scenario, with failures injected (fault injection, as the Faults tab does), the answer names
// each failed call's tool and its error kind, and is never the scenario's scripted success text.

// A synchronous endless loop would freeze the test runner: a never-settling stand-in plays cpu_hog.
const cpuHogStandIn: Tool = { ...sampleAsTool(cpuHog), execute: () => new Promise(() => {}) };

const onEveryTool = (settings: Partial<FaultSettings>): Record<string, FaultSettings> =>
  Object.fromEntries(sampleTools.map((tool) => [tool.name, { ...noFaults, enabled: true, ...settings }]));

const faultCases: [string, Record<string, FaultSettings>, number][] = [
  ['every downstream down (503)', onEveryTool({ unavailableRate: 1 }), 1],
  ['403 on every attempt', onEveryTool({ permanentRate: 1 }), 1],
  ['every attempt hangs', onEveryTool({ hangRate: 1 }), 1],
  ['a mix of 503, 403 and cut-off results, seed 1', onEveryTool({ unavailableRate: 0.2, permanentRate: 0.2, malformedRate: 0.15 }), 1],
  ['a mix of 503, 403 and cut-off results, seed 2', onEveryTool({ unavailableRate: 0.2, permanentRate: 0.2, malformedRate: 0.15 }), 2],
  ['a mix of 429, resets and hangs, seed 3', onEveryTool({ rateLimitRate: 0.3, transientRate: 0.3, hangRate: 0.1 }), 3],
];

type Call = ToolCallResult & { arguments: unknown };

/** A sample tool never returns bare text: a string result is the cut-off JSON an injected fault sent back. */
const cameBackCutOff = (call: Call): boolean => call.status === 'success' && typeof call.result === 'string';

/** The kind the answer must name for a call that failed, or undefined for one that came back well. */
function failureKind(call: Call): string | undefined {
  if (call.status === 'error') return call.error.kind;
  return cameBackCutOff(call) ? 'malformed_result' : undefined;
}

/** The scripted final text of a scenario: its wording for the case where every call came back well. */
function scriptedFinalText(source: string): string | undefined {
  const parsed = parseScenario(source);
  const last = parsed.ok ? parsed.scenario.turns.at(-1) : undefined;
  return last && (last.toolCalls?.length ?? 0) === 0 ? last.text : undefined;
}

describe('the mock model answers from what the tools returned', () => {
  for (const [label, faults, faultSeed] of faultCases) {
    describe(label, () => {
      for (const scenario of sampleScenarios) {
        it(`${scenario.name}: the answer names every failure with its kind`, async () => {
          const { result, calls } = await runSampleScenario(scenario, { replaceTools: { cpu_hog: cpuHogStandIn }, faults, faultSeed });
          // The guard scenario never answers: its lesson is that the loop is stopped.
          if (scenario.name.startsWith('Max iterations')) return expect(result.stopReason).toBe('max_iterations');
          expect(result.stopReason).toBe('final_answer');
          const reply = result.reply ?? '';
          // A failure the model made good later (a corrected call of the same tool) need not be retold.
          const unresolved = calls.filter(
            (call, index) =>
              failureKind(call) !== undefined &&
              !calls.slice(index + 1).some((later) => later.name === call.name && failureKind(later) === undefined),
          );
          if (unresolved.length === 0) return expect(calls.some((call) => failureKind(call) !== undefined)).toBe(true);
          for (const call of unresolved) {
            const kind = failureKind(call);
            expect(reply, `${call.name} failed with ${kind}`).toContain(`${call.name}`);
            expect(reply, `${call.name} failed with ${kind}`).toContain(`failed with ${kind}`);
          }
          expect(reply).toMatch(/^(Here is a partial answer|I cannot answer yet)/);
          expect(reply).toContain('Next: ');
          const scripted = scriptedFinalText(scenario.source);
          if (scripted !== undefined) expect(reply).not.toContain(scripted);
        });
      }
    });
  }

  it('the scripted wording is kept when every call came back well', async () => {
    const burst = sampleScenarios.find((scenario) => scenario.name.startsWith('Inventory burst'))!;
    const { result } = await runSampleScenario(burst);
    expect(result.reply).toBe('All sixteen products are checked.');
  });

  it('successes are told in words: no key/value dumps, no ISO timestamps', async () => {
    for (const scenario of sampleScenarios) {
      const { result } = await runSampleScenario(scenario, { replaceTools: { cpu_hog: cpuHogStandIn } });
      const reply = result.reply ?? '';
      expect(reply, scenario.name).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      // No JSON, and no `field_name value` pairs.
      expect(reply, scenario.name).not.toMatch(/[{}]|\b[a-z]+(_[a-z]+)+ ["\d]/);
    }
  });
});
