import type { SourcePosition } from './transpile.ts';

// The script a worker runs: the user's transpiled module first, wrapped in a function, then the
// harness. User code comes first so that its line N is the script's line N: stack traces and error
// events then map back to the editor by a plain comparison, with no source map. Only line 1 needs a
// column correction (the wrapper's opening sits in front of it).

export const userModuleFunctionName = 'toolscopeUserModule';

const wrapperStart = `function ${userModuleFunctionName}(require, module, exports) {"use strict";`;

export interface WorkerSource {
  source: string;
  /** Lines of the script that belong to the user's module (1..userLineCount). */
  userLineCount: number;
}

/**
 * The harness is a bundle without import/export statements; the function wrapper keeps its
 * top-level names out of the global scope the user's code sees.
 */
export function buildWorkerSource(transpiledCode: string, userLineCount: number, harnessSource: string): WorkerSource {
  const source = `${wrapperStart}${transpiledCode}\n}\n;(function () {\n${harnessSource}\n})();\n`;
  return { source, userLineCount };
}

/** Maps a (line, column) of the worker script to the user's source, or undefined if it is harness code. */
export function toUserPosition(line: number, column: number, userLineCount: number): SourcePosition | undefined {
  if (line < 1 || line > userLineCount) return undefined;
  if (line === 1) return { line: 1, column: Math.max(1, column - wrapperStart.length) };
  return { line, column: Math.max(1, column) };
}

/**
 * The first stack frame that lies in the user's module. V8 frames end in `:line:column` or
 * `:line:column)`; frames of the harness have a line past the user's module.
 */
export function positionFromStack(stack: string | undefined, userLineCount: number): SourcePosition | undefined {
  if (!stack) return undefined;
  for (const frame of stack.split('\n')) {
    const match = /:(\d+):(\d+)\)?\s*$/.exec(frame);
    if (!match) continue;
    const position = toUserPosition(Number(match[1]), Number(match[2]), userLineCount);
    if (position) return position;
  }
  return undefined;
}
