import { originalPosition } from './source-map.ts';
import type { SourcePosition, TranspiledModule } from './transpile.ts';

// The script of a user module: the transpiled module wrapped in a function, named by a sourceURL
// comment. A warm worker loads it with importScripts (see worker/module-script.ts). The module starts
// the script, so its line N is the script's line N: a stack frame belongs to the user's code if it is
// in that script and its line is within the module, and the transpiler's column map (see
// source-map.ts) gives the column in the source. Line 1 also holds the wrapper's opening.

export const userModuleFunctionName = 'toolscopeUserModule';

/** The name stack frames of user code carry, which tells them from the harness's own frames. */
export const userModuleUrl = 'toolscope-user-module.js';

const wrapperStart = `function ${userModuleFunctionName}(require, module, exports) {"use strict";`;

/** The positions part of a transpiled module. */
export type ModulePositions = Pick<TranspiledModule, 'lineCount' | 'columnMap'>;

/** What a warm worker loads: defining the function runs none of the user's code. */
export function buildModuleScript(transpiledCode: string): string {
  return `${wrapperStart}${transpiledCode}\n}\n//# sourceURL=${userModuleUrl}\n`;
}

/**
 * A cold worker's whole script, the module first and the harness after: only used to locate a syntax
 * error, since the browser reports a parse error of a worker's own script with its line and column
 * but importScripts does not. The function wrapper keeps the harness's names out of the global scope.
 */
export function buildWorkerSource(transpiledCode: string, harnessSource: string): string {
  return `${wrapperStart}${transpiledCode}\n}\n;(function () {\n${harnessSource}\n})();\n//# sourceURL=${userModuleUrl}\n`;
}

/** Maps a 1-based (line, column) of the worker script to the user's source; undefined for harness code. */
export function toUserPosition(line: number, column: number, module: ModulePositions): SourcePosition | undefined {
  if (line < 1 || line > module.lineCount) return undefined;
  const transpiledColumn = line === 1 ? Math.max(1, column - wrapperStart.length) : Math.max(1, column);
  return originalPosition(module.columnMap, line, transpiledColumn) ?? { line, column: transpiledColumn };
}

/**
 * The first stack frame that lies in the user's module. V8 frames end in `:line:column` or
 * `:line:column)`; frames of the harness are in another script, or (in a cold worker's single
 * script) have a line past the user's module.
 */
export function positionFromStack(stack: string | undefined, module: ModulePositions): SourcePosition | undefined {
  if (!stack) return undefined;
  for (const frame of stack.split('\n')) {
    if (!frame.includes(`${userModuleUrl}:`)) continue;
    const match = /:(\d+):(\d+)\)?\s*$/.exec(frame);
    if (!match) continue;
    const position = toUserPosition(Number(match[1]), Number(match[2]), module);
    if (position) return position;
  }
  return undefined;
}
