// What the Export dialog shows, derived from the store's state: which tools, their generated tests and
// where each expected outcome comes from, and the lints to read before exporting.
import type { ToolCallResult, ValidationIssue } from '../../../core/index.ts';
import type { ArgumentCheck } from '../../../session/index.ts';
import { sourcesKey } from '../../../session/index.ts';
import type { TestCallState } from '../../../store/run-slice.ts';
import type { ToolCompilation } from '../../../session/compile/compile-status.ts';
import { lintPythonTool, lintTool, type ExpectedOutcome, type ProjectTool } from '../../../tool-export/index.ts';
import type { ToolSource } from '../../../workspace/workspace-schema.ts';
import type { ExportLint } from './ExportDialog.tsx';
import type { ProjectTestRow } from './ProjectDownloadPanel.tsx';

export function expectedFrom(result: ToolCallResult): ExpectedOutcome {
  return result.status === 'success' || !result.error ? { status: 'success' } : { status: 'error', kind: result.error.kind };
}

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.trim() === '' ? '{}' : text) };
  } catch {
    return { ok: false };
  }
}

/** What the tool's schema said of its test arguments, and of which arguments and schema. */
export interface ArgumentVerdict {
  argumentsText: string;
  schemaSource: string;
  check: ArgumentCheck;
}

/** The last test call, if it ran what is on screen now: these sources, these arguments. */
function currentResult(tool: ToolSource, testCall: TestCallState | undefined): ToolCallResult | null {
  if (!testCall?.result || testCall.ranLastGood) return null;
  if (testCall.ranSources !== sourcesKey(tool.schemaSource, tool.codeSource) || testCall.ranArguments !== tool.argumentsText) return null;
  return testCall.result;
}

/** The tool's argument verdict, if it is about the arguments and schema on screen now. */
export function currentVerdict(tool: ToolSource, verdict: ArgumentVerdict | undefined): ArgumentCheck | null {
  return verdict && verdict.argumentsText === tool.argumentsText && verdict.schemaSource === tool.schemaSource ? verdict.check : null;
}

const issueText = (issue: ValidationIssue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message);

/**
 * Each tool with the test its project will run: its Test call arguments, and the outcome to expect. That
 * comes from its last test call when it ran these sources with these arguments; else from its schema
 * when the schema refuses them (the executor answers invalid_arguments without running the tool); else
 * success is assumed, and the dialog and the generated test say so.
 */
export function projectToolsOf(
  tools: readonly ToolSource[],
  testCalls: Record<string, TestCallState>,
  verdicts: Record<string, ArgumentVerdict | undefined>,
): { projectTools: ProjectTool[]; rows: ProjectTestRow[] } {
  const projectTools: ProjectTool[] = [];
  const rows: ProjectTestRow[] = [];
  for (const tool of tools) {
    const parsed = parseArguments(tool.argumentsText);
    const testCall = testCalls[tool.id];
    const result = currentResult(tool, testCall);
    const check = currentVerdict(tool, verdicts[tool.id]);
    let expected: ExpectedOutcome = { status: 'success' };
    let source: ProjectTestRow['source'] = 'assumed';
    let refusedBecause: string | undefined;
    if (result) {
      expected = expectedFrom(result);
      source = 'last test call';
    } else if (check?.status === 'invalid') {
      expected = { status: 'error', kind: 'invalid_arguments' };
      source = 'schema';
      refusedBecause = check.issues.map(issueText).join('; ');
    } else if (testCall?.running) source = 'running';
    else if (parsed.ok && !check) source = 'checking';
    const assumed = source !== 'last test call' && source !== 'schema';
    projectTools.push({
      ...tool,
      testCall: parsed.ok
        ? { arguments: parsed.value, expected, ...(assumed ? { assumed } : {}), ...(refusedBecause ? { refusedBecause } : {}) }
        : undefined,
    });
    rows.push({
      toolName: tool.name,
      argumentsText: parsed.ok ? JSON.stringify(parsed.value) : null,
      expected: expected.status === 'success' ? 'success' : `error: ${expected.kind}`,
      source,
      ...(refusedBecause ? { detail: refusedBecause } : {}),
    });
  }
  return { projectTools, rows };
}

export function exportLints(tools: readonly ToolSource[], compilations: Record<string, ToolCompilation>): ExportLint[] {
  return tools.flatMap((tool) => {
    const compilation = compilations[tool.id];
    const parameters = compilation?.parameters ?? null;
    const lints =
      tool.language === 'python'
        ? lintPythonTool(tool, parameters ? { parameters, description: compilation?.description ?? '' } : null)
        : lintTool(tool, parameters);
    return lints.map((lint) => ({ toolName: tool.name, message: lint.message }));
  });
}
