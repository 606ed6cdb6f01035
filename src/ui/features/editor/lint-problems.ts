// The tool's lints (src/tool-export/lint) as Problems-list warnings: in the Schema tab at the parameter,
// or in the Settings tab (line 0: a form, not an editor).
import type { JsonSchemaObject } from '../../../core/index.ts';
import { lintTool } from '../../../tool-export/index.ts';
import type { ToolSource } from '../../../workspace/workspace-schema.ts';
import type { LocatedProblem } from '../../elements/ProblemsList.tsx';

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
