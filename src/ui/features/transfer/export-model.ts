// What the Export dialog shows, derived from the store's state: which tools, their generated tests and
// where each expected outcome comes from, and the lints to read before exporting.
import type { ToolCallResult } from '../../../core/index.ts';
import type { TestCallState } from '../../../store/run-slice.ts';
import type { ToolCompilation } from '../../../session/compile/compile-status.ts';
import { lintTool, type ExpectedOutcome, type ProjectTool } from '../../../tool-export/index.ts';
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

/**
 * Each tool with the test its project will run: its Test call arguments, and the outcome of its last test
 * call (a tool that has none yet is assumed to succeed, and the dialog says so).
 */
export function projectToolsOf(
  tools: readonly ToolSource[],
  testCalls: Record<string, TestCallState>,
): { projectTools: ProjectTool[]; rows: ProjectTestRow[] } {
  const projectTools: ProjectTool[] = [];
  const rows: ProjectTestRow[] = [];
  for (const tool of tools) {
    const parsed = parseArguments(tool.argumentsText);
    const testCall = testCalls[tool.id];
    const expected: ExpectedOutcome = testCall?.result ? expectedFrom(testCall.result) : { status: 'success' };
    projectTools.push({ ...tool, testCall: parsed.ok ? { arguments: parsed.value, expected, assumed: !testCall?.result } : undefined });
    rows.push({
      toolName: tool.name,
      argumentsText: parsed.ok ? JSON.stringify(parsed.value) : null,
      expected: expected.status === 'success' ? 'success' : `error: ${expected.kind}`,
      source: testCall?.running ? 'running' : testCall?.result ? 'last test call' : 'assumed',
    });
  }
  return { projectTools, rows };
}

export function exportLints(tools: readonly ToolSource[], compilations: Record<string, ToolCompilation>): ExportLint[] {
  return tools.flatMap((tool) =>
    lintTool(tool, compilations[tool.id]?.parameters ?? null).map((lint) => ({ toolName: tool.name, message: lint.message })),
  );
}
