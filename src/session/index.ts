// Public surface of the run layer. The store imports from here, never from inner files.
export { Session } from './session.ts';
export type { ArgumentCheck } from './argument-check.ts';
export type { VersionStep } from './live-versions.ts';
export type { LessonSetup } from './lesson-setup.ts';
export type { SessionDependencies, SessionOptions, WorkspaceProvider } from './session-dependencies.ts';
export { CompileQueue, type CompilationsListener } from './compile/compile-queue.ts';
export { schemaCompiled, sourcesKey, type ToolCompilation } from './compile/compile-status.ts';
export {
  CompileCache,
  typescriptLanguage,
  type CompileStore,
  type CompileVerdict,
  type KeptCompile,
  type PrecompiledTool,
} from './compile/compile-cache.ts';
export { indexedDbCompileStore } from './compile/indexed-db-compile-store.ts';
export type { RemoteToolView, WorkspaceSource, WorkspaceView, ToolCompilationView } from './workspace-view.ts';
export type { RunHandle, RunInterruption } from './run-handle.ts';
export type { ConversationOutcome, ConversationObserver, ConversationRequest } from './conversation-run.ts';
export { type TestCallOutcome, type TestCallObserver, type TestCallRequest } from './trial-call-run.ts';
export { describeSourceErrors } from './source-error-summary.ts';
export type { ComparisonEntry, ComparisonOutcome, ComparisonObserver, ComparisonRequest } from './comparison-run.ts';
export type { DiscoveredTool, DiscoveryReport, HealthReport, QueryResult } from './registry-queries.ts';
export { executorFor, simulatedOutageDetail, type ExecutorRequest, type ExecutorSetup } from './executor-for.ts';
export type { CompileResult, RunToolOptions, SourceProblem, ToolRuntime } from './runtime/tool-runtime.ts';
export { SandboxToolRuntime } from './runtime/sandbox-tool-runtime.ts';
export { storedRunOf, toolVersionStamps, type EndedRun, type RunRecorder } from './run-recording.ts';
export { StepController, type PauseEdit, type PausePoint } from './step-controller.ts';
export { planFork, replayingFirst, type ForkPlan, type ForkPoint } from './fork-plan.ts';
export type { ScenarioTestReport, TestSuiteObserver, TestSuiteOutcome } from './suite-run.ts';
export { parseExpectations, type ExpectationsProblem, type ParsedExpectations } from './expectations-source.ts';
export { scenarioName } from './scenario-name.ts';
