import { originalPosition } from './source-map.ts';
import type { SourcePosition, TranspiledModule } from './transpile.ts';

// The script of a user module: the transpiled module wrapped in a function, named by a sourceURL
// comment. A warm worker loads it with importScripts (see worker/module-script.ts). The module starts
// the script, so its line N is the script's line N: a stack frame belongs to the user's code if it is
// in that script and its line is within the module, and the transpiler's column map (see
// source-map.ts) gives the column in the source. Line 1 also holds the wrapper's opening.

export const userModuleFunctionName = 'toolscopeUserModule';

/** The request id of a cold worker's own module (it came with the script, not in a load-module), in its `module-running`. */
export const ownModuleRequestId = 0;

/** The name stack frames of user code carry, which tells them from the harness's own frames. */
export const userModuleUrl = 'toolscope-user-module.js';

const wrapperStart = `function ${userModuleFunctionName}(require, module, exports) {"use strict";`;

/** The positions part of a transpiled module. */
export type ModulePositions = Pick<TranspiledModule, 'lineCount' | 'columnMap'>;

/** What a warm worker loads: defining the function runs none of the user's code. */
export function buildModuleScript(transpiledCode: string): string {
  return `${wrapperStart}${transpiledCode}\n}\n//# sourceURL=${userModuleUrl}\n`;
}

/** The global a compile batch's script fills with its modules' functions, in the batch's order. */
export const batchModulesName = 'toolscopeBatchModules';

/** A compile batch's modules as one script, and the line of that script where each module's line 1 is. */
export interface BatchScript {
  script: string;
  firstLines: number[];
}

/**
 * Many modules as one script, so a compile worker loads a batch with one importScripts instead of one
 * each (a Blob and a fetch per module were most of a compile worker's time). Each module's function is
 * an expression on the line after its assignment, so its line 1 reads exactly as in its own script
 * (the same wrapper before the code): a stack frame's position is the module's own once shifted by the
 * module's first line (`batchStackToModule`). Defining the functions runs none of the user's code.
 */
export function buildBatchScript(transpiledCodes: readonly string[]): BatchScript {
  const parts: string[] = [`${batchModulesName} = [];\n`];
  const firstLines: number[] = [];
  let line = 2;
  for (const code of transpiledCodes) {
    firstLines.push(line + 1);
    const part = `${batchModulesName}.push(\n${wrapperStart}${code}\n});\n`;
    parts.push(part);
    line += newlineCount(part);
  }
  parts.push(`//# sourceURL=${userModuleUrl}\n`);
  return { script: parts.join(''), firstLines };
}

/** How many line breaks `text` holds (a module of N breaks has N + 1 lines). */
export function newlineCount(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}

/**
 * A stack of a module loaded in a batch script, as if the module had been loaded alone: frames in the
 * module's lines are shifted to its own, frames elsewhere in the batch (another module's code) are
 * renamed so they are not taken for this module's.
 */
export function batchStackToModule(stack: string, firstLine: number, lineCount: number): string {
  return stack.replace(new RegExp(`${userModuleUrl.replace(/\./g, '\\.')}:(\\d+):`, 'g'), (_frame, line: string) => {
    const own = Number(line) - firstLine + 1;
    return own >= 1 && own <= lineCount ? `${userModuleUrl}:${own}:` : `toolscope-batch.js:${line}:`;
  });
}

/**
 * A bundle as a classic script of its own: classic scripts share one global scope, where two bundles'
 * top-level `const`s would collide (the harness loads zod into the same worker), so each runs in a function.
 */
export function asIsolatedScript(source: string): string {
  return `;(function () {\n${source}\n})();\n`;
}

/**
 * A cold worker's whole script, the module first and the isolated harness after (the iframe joins the
 * two as Blob parts: frame-entry.ts). A spare started this way needs no Blob, URL and importScripts of
 * its own for the module, and the browser reports a parse error of a worker's own script with its line
 * and column, which importScripts does not.
 */
export function buildWorkerSource(transpiledCode: string, harnessSource: string): string {
  return buildModuleScript(transpiledCode) + asIsolatedScript(harnessSource);
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
