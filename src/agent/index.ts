// Public surface of the agent loop. Other layers import from here, never from inner files.
export { runAgent, toAgentError, defaultMaxIterations } from './run-agent.ts';
export { toolMessagesFor, missingResultText } from './tool-messages.ts';
export { normalizeToolCallIds } from './tool-call-ids.ts';
export { cutOffError } from './cut-off.ts';
export { latestUserText, offerTools, type ToolOffer } from './tool-selection.ts';
export type {
  AgentError,
  AgentEvent,
  AgentExecutor,
  AgentRunEvent,
  ModelCallEndEvent,
  ModelCallStartEvent,
  ModelDeltaEvent,
  RunAgentOptions,
  RunAgentResult,
  StepEndEvent,
  StepPauseEvent,
  StepStartEvent,
  StopReason,
  ToolSelection,
} from './agent-types.ts';
export {
  reconcileCalls,
  reconcileToolMessages,
  type AgentController,
  type ModelCallPoint,
  type ToolBatchPoint,
  type ToolResultsPoint,
} from './agent-controller.ts';
