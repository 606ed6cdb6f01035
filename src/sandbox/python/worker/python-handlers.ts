import type { PyodideAPI } from 'pyodide';
import { toBoundedJson } from '../../bounded-json.ts';
import type { WorkerRole } from '../../protocol/frame-messages.ts';
import type { CallContextData, HostToWorkerMessage, ThrownError } from '../../protocol/worker-messages.ts';
import type { HostChannel } from '../../worker/host-channel.ts';
import { pythonHostBridge } from './python-host-bridge.ts';

// What the Python worker does with each host message. The work itself is Python (toolscope.py's
// `_load`, `_call_tool`, `_cancel`); this side only moves JSON text across and posts the answers.

export interface PythonHarnessState {
  python: PyodideAPI;
  channel: HostChannel;
  role: WorkerRole;
  /** A code worker holds one module, loaded once; a compile worker loads one after another. */
  loaded: boolean;
  aborted: boolean;
}

interface ToolscopeModule {
  _load(source: string): string;
  _call_tool(argumentsJson: string, context: CallContextData, host: object): Promise<string>;
  _cancel(message: string): void;
}

type Outcome = { ok: true; value?: unknown; definition?: unknown } | { ok: false; error: ThrownError };

function toolscopeOf(state: PythonHarnessState): ToolscopeModule {
  return state.python.pyimport('toolscope') as unknown as ToolscopeModule;
}

export function handlePythonMessage(state: PythonHarnessState, message: HostToWorkerMessage): void {
  switch (message.type) {
    case 'python-load':
      return load(state, message.requestId, message.source);
    case 'execute':
      return void execute(state, message.input, message.context);
    case 'abort':
      state.aborted = true;
      // The awaiting tool sees asyncio.CancelledError; one stuck in a loop never looks, and is killed.
      return toolscopeOf(state)._cancel(message.message);
    case 'sleep-done':
    case 'sleep-failed':
    case 'fetch-response':
    case 'fetch-failed':
    case 'timer-done':
      return state.channel.settle(message);
    default:
      return state.channel.post({ type: 'worker-protocol-error', message: `A Python worker does not take ${message.type}` });
  }
}

function load(state: PythonHarnessState, requestId: number, source: string): void {
  if (state.role !== 'compile' && state.loaded) {
    const error = { name: 'Error', message: `This ${state.role} worker holds a module already` };
    return state.channel.post({ type: 'python-load-failed', requestId, error });
  }
  state.channel.post({ type: 'module-running', requestId });
  const outcome = JSON.parse(toolscopeOf(state)._load(source)) as Outcome;
  if (!outcome.ok) return state.channel.post({ type: 'python-load-failed', requestId, error: outcome.error });
  state.loaded = true;
  state.channel.post({ type: 'python-loaded', requestId, definition: outcome.definition as never });
}

async function execute(state: PythonHarnessState, input: unknown, context: CallContextData): Promise<void> {
  if (state.role !== 'code' || !state.loaded) {
    return state.channel.post({ type: 'execute-failed', error: { name: 'Error', message: 'This worker holds no tool code' } });
  }
  const host = pythonHostBridge(state.channel, () => state.aborted);
  try {
    const outcome = JSON.parse(await toolscopeOf(state)._call_tool(JSON.stringify(input), context, host)) as Outcome;
    if (!outcome.ok) return state.channel.post({ type: 'execute-failed', error: outcome.error });
    const bounded = toBoundedJson(outcome.value);
    state.channel.post({ type: 'executed', value: bounded.value, notes: bounded.notes });
  } catch (error) {
    // Not the tool's error (those come back as JSON above): the interpreter itself failed.
    state.channel.post({ type: 'execute-failed', error: { name: 'PythonError', message: String(error).slice(0, 20_000) } });
  }
}
