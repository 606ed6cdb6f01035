import { measure, workerMessageLimits } from '../host/message-budget.ts';
import type { HostToWorkerMessage, ModuleCheckOutcome, ModuleToCheck } from '../protocol/worker-messages.ts';
import {
  batchModulesName,
  batchStackToModule,
  buildBatchScript,
  buildModuleScript,
  newlineCount,
  userModuleFunctionName,
} from '../worker-source.ts';
import { describeZodSchema } from './describe-schema.ts';
import type { HarnessState } from './harness-state.ts';
import { loadModuleScript } from './module-script.ts';
import { toThrownError } from './thrown-error.ts';
import { loadUserModule, type LoadedModule } from './user-module.ts';
import { preloadZod } from './zod-loader.ts';

// A compile worker's batch: every module of it checked in turn, in one worker, from one message. The
// modules arrive as one script (one importScripts for the batch: worker-source.ts), and the verdicts
// go back gathered, a message at most every `reportEveryMs`, so 500 imported tools cost the page a
// few messages instead of five per tool. A module whose top level hangs or crashes the worker sends
// nothing more: the host knows which modules have a verdict, and checks the rest again with a report
// per module to find the culprit (compile-batches.ts). A script that does not parse is loaded module
// by module instead, so only the module at fault is unparsable.

type CheckModules = Extract<HostToWorkerMessage, { type: 'check-modules' }>;

const scope = globalThis as unknown as Record<string, unknown> & { importScripts(...urls: string[]): void };

/** Half of what the host accepts in one message, so a report of many small verdicts stays well inside it. */
const reportLimits = { values: workerMessageLimits.valuesPerMessage / 2, characters: workerMessageLimits.charactersPerMessage / 2 };

export function checkModules(state: HarnessState, message: CheckModules): void {
  const { requestId, modules, reportEveryMs } = message;
  let from = 0;
  let results: ModuleCheckOutcome[] = [];
  let size = { values: 0, characters: 0 };
  let reportedAt = 0;
  const report = (next: number) => {
    state.channel.post({ type: 'modules-checked', requestId, from, results });
    from = next;
    results = [];
    size = { values: 0, characters: 0 };
    reportedAt = Date.now();
  };
  if (state.role !== 'compile') {
    const error = toThrownError(new Error(`This ${state.role} worker cannot check modules`));
    results = modules.map(() => ({ ok: false, stage: 'load', error, unparsable: false }));
    return report(modules.length);
  }
  if (modules.some((module) => module.needsZod)) preloadZod();
  const batch = defineBatch(modules);
  // The dependencies are ready: from here on, the host times each module's top level.
  report(0);
  for (let index = 0; index < modules.length; index++) {
    if (index > from && Date.now() - reportedAt >= reportEveryMs) report(index);
    const module = modules[index] as ModuleToCheck;
    let outcome = checkOne(module, batch ? { run: batch.functions[index], firstLine: batch.firstLines[index] as number } : undefined);
    let outcomeSize = measure(outcome);
    if (outcomeSize.values > reportLimits.values || outcomeSize.characters > reportLimits.characters) {
      outcome = {
        ok: false,
        stage: 'describe',
        error: toThrownError(new Error('The JSON Schema is too large to send to the host')),
        unparsable: false,
      };
      outcomeSize = measure(outcome);
    }
    if (size.values + outcomeSize.values > reportLimits.values || size.characters + outcomeSize.characters > reportLimits.characters)
      report(index);
    results.push(outcome);
    size = { values: size.values + outcomeSize.values, characters: size.characters + outcomeSize.characters };
  }
  report(modules.length);
}

/** The batch's module functions from one script, or undefined when it does not load (then each module loads alone). */
function defineBatch(modules: readonly ModuleToCheck[]): { functions: unknown[]; firstLines: number[] } | undefined {
  const { script, firstLines } = buildBatchScript(modules.map((module) => module.code));
  scope[batchModulesName] = undefined;
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  try {
    scope.importScripts(url);
  } catch {
    return undefined;
  } finally {
    URL.revokeObjectURL(url);
  }
  const functions = scope[batchModulesName];
  scope[batchModulesName] = undefined;
  return Array.isArray(functions) && functions.length === modules.length ? { functions, firstLines } : undefined;
}

function checkOne(module: ModuleToCheck, fromBatch: { run: unknown; firstLine: number } | undefined): ModuleCheckOutcome {
  let loaded: LoadedModule;
  if (fromBatch) {
    scope[userModuleFunctionName] = fromBatch.run;
    loaded = loadUserModule(module.role);
    scope[userModuleFunctionName] = undefined;
  } else {
    const script = loadModuleScript(buildModuleScript(module.code), module.role);
    if (!script.ok) return { ok: false, stage: 'load', error: toThrownError(script.error), unparsable: script.unparsable };
    loaded = script.module;
  }
  if (!loaded.ok) {
    const error = toThrownError(loaded.error);
    if (fromBatch && error.stack) error.stack = batchStackToModule(error.stack, fromBatch.firstLine, lineCountOf(module.code));
    return { ok: false, stage: 'load', error, unparsable: false };
  }
  if (loaded.role === 'code') return { ok: true };
  const described = describeZodSchema(loaded.schema);
  if (described.ok) return { ok: true, jsonSchema: described.jsonSchema };
  const error = described.error;
  if (fromBatch && error.stack) error.stack = batchStackToModule(error.stack, fromBatch.firstLine, lineCountOf(module.code));
  return { ok: false, stage: 'describe', error, unparsable: false };
}

function lineCountOf(code: string): number {
  return newlineCount(code) + 1;
}
