// The tool's lints (src/tool-export/lint) as Problems-list warnings: in the Schema tab at the parameter,
// or in the Settings tab (line 0: a form, not an editor). A Python tool's are markers in its Code, where
// its docstring, parameters and @tool are.
import type { JsonSchemaObject } from '../../../core/index.ts';
import { lintPythonTool, lintTool } from '../../../tool-export/index.ts';
import type { ToolSource } from '../../../workspace/workspace-schema.ts';
import type { LocatedProblem } from '../../elements/ProblemsList.tsx';
import type { EditorProblem } from '../../elements/monaco/editor-problem.ts';

/** The Problems list's name for the tool's Settings tab (description, idempotency, retries live there). */
export const SETTINGS_FILE = 'Settings';

export function lintProblems(tool: ToolSource, parameters: JsonSchemaObject | null): LocatedProblem[] {
  return lintTool(tool, parameters).map((lint) => ({
    file: lint.place === 'settings' ? SETTINGS_FILE : 'Schema',
    line: lint.line ?? 0,
    column: lint.column ?? 0,
    message: lint.message,
    severity: 'warning',
    source: 'lint',
  }));
}

/** A Python tool's lints, as warnings in its Code (markers in the editor and rows in the Problems list). */
export function pythonLintProblems(
  tool: ToolSource,
  parameters: JsonSchemaObject | null,
  description: string | undefined,
): EditorProblem[] {
  const definition = parameters ? { parameters, description: description ?? '' } : null;
  return lintPythonTool(tool, definition).map((lint) => ({
    line: lint.line ?? 1,
    column: lint.column ?? 1,
    message: lint.message,
    severity: 'warning',
    source: 'lint',
  }));
}
