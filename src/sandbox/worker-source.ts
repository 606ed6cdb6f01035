import { originalPosition } from './source-map.ts';
import type { SourcePosition, TranspiledModule } from './transpile.ts';

// The script a worker runs: the user's transpiled module first, wrapped in a function, then the
// harness. User code comes first so that its line N is the script's line N: a stack frame or error
// event belongs to the user's code if its line is within the module, and the transpiler's column
// map (see source-map.ts) gives the column in the source. Line 1 also holds the wrapper's opening.

export const userModuleFunctionName = 'toolscopeUserModule';

const wrapperStart = `function ${userModuleFunctionName}(require, module, exports) {"use strict";`;

/** The positions part of a transpiled module. */
export type ModulePositions = Pick<TranspiledModule, 'lineCount' | 'columnMap'>;

/**
 * The harness is a bundle without import/export statements; the function wrapper keeps its
 * top-level names out of the global scope the user's code sees.
 */
export function buildWorkerSource(transpiledCode: string, harnessSource: string): string {
  return `${wrapperStart}${transpiledCode}\n}\n;(function () {\n${harnessSource}\n})();\n`;
}

/** Maps a 1-based (line, column) of the worker script to the user's source; undefined for harness code. */
export function toUserPosition(line: number, column: number, module: ModulePositions): SourcePosition | undefined {
  if (line < 1 || line > module.lineCount) return undefined;
  const transpiledColumn = line === 1 ? Math.max(1, column - wrapperStart.length) : Math.max(1, column);
  return originalPosition(module.columnMap, line, transpiledColumn) ?? { line, column: transpiledColumn };
}

/**
 * The first stack frame that lies in the user's module. V8 frames end in `:line:column` or
 * `:line:column)`; frames of the harness have a line past the user's module.
 */
export function positionFromStack(stack: string | undefined, module: ModulePositions): SourcePosition | undefined {
  if (!stack) return undefined;
  for (const frame of stack.split('\n')) {
    const match = /:(\d+):(\d+)\)?\s*$/.exec(frame);
    if (!match) continue;
    const position = toUserPosition(Number(match[1]), Number(match[2]), module);
    if (position) return position;
  }
  return undefined;
}
