// The run layer's front door. The store's slices call it and mirror what it reports; it knows nothing of
// React or zustand. One conversation or test call runs at a time (starting one stops the other); Compare
// runs beside them on virtual time.
import { checkArguments } from './argument-check.ts';
import { startComparison, type ComparisonObserver, type ComparisonRequest } from './comparison-run.ts';
import { startConversation, type ConversationObserver, type ConversationRequest } from './conversation-run.ts';
import { recordComparison, recordConversation, recordTestCall } from './recorded-runs.ts';
import { CompileQueue } from './compile/compile-queue.ts';
import { checkHealth, discoverTools } from './registry-queries.ts';
import { RunControl } from './run-control.ts';
import type { SessionDependencies, SessionOptions } from './session-dependencies.ts';
import { startTestCall, type TestCallObserver, type TestCallRequest } from './trial-call-run.ts';
import { LiveVersions, type VersionStep } from './live-versions.ts';
import { startTestSuite, type TestSuiteObserver } from './suite-run.ts';

export class Session {
  /** When each tool compiles, and what came of it (the store mirrors it). */
  readonly compiles: CompileQueue;
  private readonly dependencies: SessionDependencies;
  private readonly runs = new RunControl();
  private readonly comparisons = new RunControl();
  private readonly testSuites = new RunControl();
  private readonly liveVersions = new LiveVersions();

  constructor(options: SessionOptions) {
    const { workspace, editDelayMs, compileCache, ...rest } = options;
    const compiles = new CompileQueue({
      runtime: options.runtime,
      tools: () => workspace.current().workspace.tools,
      focusedToolId: () => workspace.focusedToolId?.() ?? null,
      ...(editDelayMs === undefined ? {} : { editDelayMs }),
      ...(compileCache ? { cache: compileCache } : {}),
    });
    const current = () => ({ ...workspace.current(), compilations: compiles.compilations });
    this.compiles = compiles;
    this.dependencies = {
      ...rest,
      workspace: {
        current,
        async ready(toolIds) {
          await compiles.ready(toolIds);
          return current();
        },
        async readyNow() {
          await compiles.readyNow();
          return current();
        },
      },
    };
  }

  // Each run is handed to the run history (dependencies.recordRun) once it has ended.
  startConversation(request: ConversationRequest, observer: ConversationObserver = {}) {
    return recordConversation(this.dependencies, request, observer, (recorded) =>
      startConversation(this.dependencies, this.runs, request, recorded, this.liveVersions),
    );
  }

  /**
   * A step on a tool's versions (the workspace has saved it already) taken in the running conversation's
   * executor too, so its later calls are routed by it. Returns what could not be done, or null.
   */
  changeLiveVersions(toolName: string, step: VersionStep): string | null {
    return this.liveVersions.apply(toolName, step);
  }

  startTestCall(request: TestCallRequest, observer?: TestCallObserver) {
    return recordTestCall(this.dependencies, request, () => startTestCall(this.dependencies, this.runs, request, observer));
  }

  /** What the tool's schema says of these arguments, without running it (see argument-check.ts). */
  checkArguments(toolId: string, value: unknown) {
    return checkArguments(this.dependencies, toolId, value);
  }

  startComparison(request: ComparisonRequest, observer: ComparisonObserver = {}) {
    return recordComparison(this.dependencies, request, observer, (recorded) =>
      startComparison(this.dependencies, this.comparisons, request, recorded),
    );
  }

  /** Plays every scenario with expectations on virtual time and checks them (issue 19). */
  runTests(observer?: TestSuiteObserver) {
    return startTestSuite(this.dependencies, this.testSuites, observer);
  }

  stopTests(): void {
    this.testSuites.stop();
  }

  checkHealth() {
    return checkHealth(this.dependencies);
  }

  discoverTools(query: string, limit: number) {
    return discoverTools(this.dependencies, query, limit);
  }

  /** Stops the conversation or test call that is running, if any. */
  stop(): void {
    this.runs.stop();
  }

  stopComparison(): void {
    this.comparisons.stop();
  }
}
