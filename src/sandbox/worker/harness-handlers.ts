import type { z } from 'zod';
import { toBoundedJson } from '../bounded-json.ts';
import { checkHostToWorkerMessage } from '../protocol/host-message-guards.ts';
import type { CallContextData, HostToWorkerMessage } from '../protocol/worker-messages.ts';
import { ownModuleRequestId } from '../worker-source.ts';
import { loadModuleScript } from './module-script.ts';
import { loadUserModule } from './user-module.ts';
import { toThrownError } from './thrown-error.ts';
import { installClockTimers } from './clock-timers.ts';
import { createWorkerContext } from './worker-context.ts';
import { preloadZod } from './zod-loader.ts';
import { checkModules } from './module-batch.ts';
import { describePlainSchema } from './plain-schema.ts';
import type { HarnessState } from './harness-state.ts';

export type { HarnessState } from './harness-state.ts';

// What the harness does with each host message. A schema worker answers validate for as long as the tool
// lives; a code worker runs exactly one execute and is then terminated by the host; a
// compile worker checks a batch of modules, one after another (describe for schemas: module-batch.ts),
// and is then terminated.

export function handleHostMessage(state: HarnessState, data: unknown): void {
  const checked = checkHostToWorkerMessage(data);
  if (!checked.ok) {
    state.channel.post({ type: 'worker-protocol-error', message: `Unexpected message from the host: ${checked.problem}` });
    return;
  }
  const message = checked.message;
  switch (message.type) {
    case 'load-module':
      return loadModule(state, message);
    case 'check-modules':
      return checkModules(state, message);
    case 'validate':
      return void validate(state, message.requestId, message.args);
    case 'execute':
      return void execute(state, message.input, message.context);
    case 'abort':
      return state.callAbort.abort(new DOMException(message.message, 'AbortError'));
    default:
      return state.channel.settle(message as Extract<HostToWorkerMessage, { requestId: number }>);
  }
}

function loadModule(state: HarnessState, message: Extract<HostToWorkerMessage, { type: 'load-module' }>): void {
  const { requestId, role, source } = message;
  // Only a compile worker holds one module after another; the others hold the one they were made for.
  if (state.role === 'compile' ? false : state.module !== undefined || role !== state.role) {
    const error = toThrownError(new Error(`This ${state.role} worker cannot load a ${role} module now`));
    return state.channel.post({ type: 'module-load-failed', requestId, error, unparsable: false });
  }
  if (message.needsZod) preloadZod();
  state.channel.post({ type: 'module-running', requestId });
  const loaded = loadModuleScript(source, role);
  if (!loaded.ok)
    return state.channel.post({ type: 'module-load-failed', requestId, error: toThrownError(loaded.error), unparsable: loaded.unparsable });
  state.module = loaded.module;
  const plain = loaded.module.role === 'schema' ? describePlainSchema(loaded.module.schema) : undefined;
  state.channel.post({ type: 'module-loaded', requestId, ...(plain ? { plain } : {}) });
}

/**
 * A cold worker's module, which its script defined before the harness: runs its top level now. Says
 * `module-running` first, so the host times the module's top level apart from the worker's start-up.
 */
export function loadOwnModule(state: HarnessState, role: 'schema' | 'code'): void {
  state.channel.post({ type: 'module-running', requestId: ownModuleRequestId });
  const loaded = loadUserModule(role);
  if (loaded.ok) {
    state.module = loaded;
    state.channel.post({ type: 'loaded' });
  } else {
    state.channel.post({ type: 'load-failed', error: toThrownError(loaded.error) });
  }
}

async function validate(state: HarnessState, requestId: number, args: unknown): Promise<void> {
  const module = state.module;
  if (module?.role !== 'schema' || state.role !== 'schema')
    return state.channel.post({ type: 'validate-failed', requestId, error: toThrownError(new Error('This worker holds no schema')) });
  try {
    const parsed = await module.schema.safeParseAsync(args);
    if (!parsed.success) {
      state.channel.post({ type: 'validated', requestId, result: { success: false, issues: parsed.error.issues.flatMap(toIssues) } });
      return;
    }
    try {
      state.channel.post({ type: 'validated', requestId, result: { success: true, data: parsed.data } });
    } catch (error) {
      // A transform produced something structured clone refuses (a function): it could not reach execute.
      throw new Error(
        `The parsed arguments cannot be passed to execute (${toThrownError(error).message}); schema transforms must produce plain data`,
      );
    }
  } catch (error) {
    state.channel.post({ type: 'validate-failed', requestId, error: toThrownError(error) });
  }
}

/** Same rule as the core: one issue per unknown key, at the key's own path. */
function toIssues(issue: z.core.$ZodIssue): { path: string; message: string }[] {
  const join = (path: readonly PropertyKey[]) => path.map((segment) => String(segment)).join('.');
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => ({ path: join([...issue.path, key]), message: 'Unrecognized key' }));
  return [{ path: join(issue.path), message: issue.message }];
}

async function execute(state: HarnessState, input: unknown, context: CallContextData): Promise<void> {
  const module = state.module;
  // Never in a compile worker: it ran other modules, and a call gets a worker that ran nothing else.
  if (module?.role !== 'code' || state.role !== 'code')
    return state.channel.post({ type: 'execute-failed', error: toThrownError(new Error('This worker holds no code')) });
  const escaped = new Promise<never>((_, reject) => {
    state.callFailed = reject;
  });
  try {
    if (state.timersOnHostClock && !context.localTimers) installClockTimers(state.channel);
    const ctx = createWorkerContext(context, state.channel, state.callAbort.signal);
    const value = await Promise.race([Promise.resolve().then(() => module.execute(input, ctx)), escaped]);
    const bounded = toBoundedJson(value);
    state.channel.post({ type: 'executed', value: bounded.value, notes: bounded.notes });
  } catch (error) {
    state.channel.post({ type: 'execute-failed', error: toThrownError(error) });
  } finally {
    state.callFailed = undefined;
  }
}
