// "Run tests": every scenario that carries expectations is played on virtual time (as Compare plays a
// variant: the same registry, settings and seeded faults as a conversation), reduced to a trajectory and
// checked. A scenario whose script or expectations are broken is reported as such, never skipped silently.
import { checkTrajectory, type AssertionResult } from '../assertions/index.ts';
import type { AgentRunEvent } from '../agent/index.ts';
import { parseScenario, type ChatMessage } from '../llm/index.ts';
import { runOnRealClock, runOnVirtualClock, trajectoryOf } from '../trace/index.ts';
import { parseExpectations } from './expectations-source.ts';
import { scenarioName } from './scenario-name.ts';
import { executorFor } from './executor-for.ts';
import type { RunControl } from './run-control.ts';
import { startRun, untilStopped, type RunHandle, type RunInterruption } from './run-handle.ts';
import type { SessionDependencies } from './session-dependencies.ts';

export interface ScenarioTestReport {
  scenarioId: string;
  name: string;
  /** Set when the scenario could not be played (broken JSON, bad expectations, a guard hit). */
  problem: string | null;
  results: AssertionResult[];
  passed: boolean;
  events: AgentRunEvent[];
  messages: ChatMessage[];
  concurrencyLimit: number | null;
}

export interface TestSuiteObserver {
  /** The scenarios about to be played, in order. */
  onPlan?(scenarios: { scenarioId: string; name: string }[]): void;
  onScenarioReport?(index: number, report: ScenarioTestReport): void;
}

export type TestSuiteOutcome = { status: 'finished'; reports: ScenarioTestReport[] } | RunInterruption;

export function startTestSuite(
  dependencies: SessionDependencies,
  control: RunControl,
  observer: TestSuiteObserver = {},
): RunHandle<TestSuiteOutcome> {
  return startRun<TestSuiteOutcome>({
    control,
    async body({ signal }) {
      const view = await untilStopped(dependencies.workspace.ready(), signal);
      const { settings } = view.workspace;
      const planned = view.workspace.scenarios.filter((scenario) => (scenario.expectations ?? '').trim() !== '');
      observer.onPlan?.(planned.map(({ id, name }) => ({ scenarioId: id, name })));
      const reports: ScenarioTestReport[] = [];
      for (const [index, source] of planned.entries()) {
        if (signal.aborted) return { status: 'stopped', reason: 'Stopped.' };
        const base = {
          scenarioId: source.id,
          name: scenarioName(source),
          results: [],
          passed: false,
          events: [],
          messages: [],
          concurrencyLimit: settings.concurrency,
        };
        const scenario = parseScenario(source.source);
        const expectations = parseExpectations(source.expectations ?? '');
        let report: ScenarioTestReport;
        if (!scenario.ok) report = { ...base, problem: `The scenario is not valid: ${scenario.problems[0]?.message ?? 'unknown problem'}` };
        else if (!expectations.ok)
          report = { ...base, problem: `The expectations are not valid: ${expectations.problems[0]?.message ?? ''}` };
        else {
          // A remote (MCP) tool's call takes real time a virtual clock cannot see: such a scenario plays in real time.
          const remoteNames = new Set(
            (view.remoteTools ?? []).flatMap((remote) => (remote.enabled && remote.tool ? [remote.tool.name] : [])),
          );
          const callsRemote = scenario.scenario.turns.some((turn) => (turn.toolCalls ?? []).some((call) => remoteNames.has(call.name)));
          const play = callsRemote ? runOnRealClock : runOnVirtualClock;
          const played = await play({
            scenario: scenario.scenario,
            maxIterations: settings.maxIterations,
            signal,
            createExecutor: async ({ clock, wrapTool, random }) => {
              const setup = await executorFor(dependencies.runtime, { view, settings, clock, random, wrapTool });
              await setup.executor.checkHealth();
              return setup.executor;
            },
          });
          const messages = played.messages ?? [];
          const results = checkTrajectory(expectations.expectations, trajectoryOf(played.events, messages));
          report = {
            ...base,
            problem: played.problem ?? null,
            results,
            passed: !played.problem && results.every((result) => result.passed),
            events: played.events,
            messages,
          };
        }
        reports.push(report);
        observer.onScenarioReport?.(index, report);
      }
      return { status: 'finished', reports };
    },
  });
}
