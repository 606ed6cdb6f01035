// An explicit test call of one tool with the arguments in its Arguments editor. It runs what the editors
// show: with an error in Schema or Code it refuses and says where, unless the user asks for the last good
// version, and then the result says that is what ran (issue 12: it once ran old code without a word).
import type { AgentRunEvent } from '../agent/index.ts';
import type { ToolCallResult, ToolHealth } from '../core/index.ts';
import { executorFor } from './executor-for.ts';
import type { RunControl } from './run-control.ts';
import { startRun, untilStopped, type RunHandle, type RunInterruption } from './run-handle.ts';
import { describeSourceErrors } from './source-error-summary.ts';
import type { SessionDependencies } from './session-dependencies.ts';
import type { WorkspaceView } from './workspace-view.ts';

export interface TestCallRequest {
  toolId: string;
  /** Run the last version that compiled even though the editors have an error. */
  lastGood?: boolean;
  /**
   * A remote (MCP) tool only: send the arguments as typed without checking them against its inputSchema,
   * so the person testing a server sees the server's own answer (JSON-RPC -32602) to arguments it forbids.
   */
  unvalidated?: boolean;
}

export interface TestCallObserver {
  onEvent?(event: AgentRunEvent): void;
  onHealth?(health: Record<string, ToolHealth>, toolIds: ReadonlyMap<string, string>): void;
}

export type TestCallOutcome =
  | { status: 'finished'; result: ToolCallResult; ranLastGood: boolean }
  /** Not run: why, in words that name the tab and place, and whether a last good version could run. */
  | { status: 'blocked'; reason: string; canRunLastGood: boolean }
  | RunInterruption;

export function startTestCall(
  dependencies: SessionDependencies,
  control: RunControl,
  request: TestCallRequest,
  observer: TestCallObserver = {},
): RunHandle<TestCallOutcome> {
  return startRun<TestCallOutcome>({
    control,
    onEvent: observer.onEvent,
    async body({ id, signal, emit }) {
      // An MCP server's tool has nothing to compile; a workspace tool may still be compiling right after
      // start-up or an edit: answer for the sources on screen.
      const remote = dependencies.workspace.current().remoteTools?.some((tool) => tool.id === request.toolId);
      const view = await untilStopped(dependencies.workspace.ready(remote ? [] : [request.toolId]), signal);
      const remoteTool = view.remoteTools?.find((candidate) => candidate.id === request.toolId);
      if (remoteTool) {
        if (!remoteTool.tool)
          return {
            status: 'blocked',
            reason: `This tool cannot run: ${remoteTool.problem ?? 'it is not available'}.`,
            canRunLastGood: false,
          };
        const sent = request.unvalidated ? withoutValidation(view, remoteTool.id) : view;
        return runCall(sent, { id: remoteTool.id, name: remoteTool.tool.name, argumentsText: remoteTool.argumentsText }, false);
      }
      const tool = view.workspace.tools.find((candidate) => candidate.id === request.toolId);
      if (!tool) return { status: 'blocked', reason: 'This tool no longer exists.', canRunLastGood: false };
      const compilation = view.compilations[tool.id];
      const hasLastGood = !!compilation?.parameters;
      const broken = !compilation || compilation.status === 'errors';
      if (broken && !(request.lastGood && hasLastGood))
        return { status: 'blocked', reason: describeSourceErrors(compilation?.problems ?? [], hasLastGood), canRunLastGood: hasLastGood };
      return runCall(view, tool, broken);

      async function runCall(
        current: WorkspaceView,
        tool: { id: string; name: string; argumentsText: string },
        ranLastGood: boolean,
      ): Promise<TestCallOutcome> {
        const { settings } = current.workspace;
        const clock = dependencies.createClock(settings.speed);
        const { executor, toolIds, warnings } = await executorFor(dependencies.runtime, {
          view: current,
          settings,
          clock,
          onlyToolId: tool.id,
        });
        if (!toolIds.has(tool.name))
          return { status: 'blocked', reason: warnings[0] ?? 'The tool could not be set up.', canRunLastGood: false };
        observer.onHealth?.(await executor.checkHealth(), toolIds);
        const unsubscribe = executor.on(emit);
        try {
          const result = await executor.execute({ id: `test_${id}`, name: tool.name, arguments: tool.argumentsText }, { signal });
          return { status: 'finished', result, ranLastGood };
        } finally {
          unsubscribe();
        }
      }
    },
  });
}

/** The view with one remote tool whose arguments pass unchecked (the executor still needs a JSON object). */
function withoutValidation(view: WorkspaceView, toolId: string): WorkspaceView {
  return {
    ...view,
    remoteTools: view.remoteTools?.map((remote) =>
      remote.id === toolId && remote.tool
        ? { ...remote, tool: { ...remote.tool, validate: (args: unknown) => ({ success: true as const, data: args }) } }
        : remote,
    ),
  };
}
