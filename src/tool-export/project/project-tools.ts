// The tools of a downloaded project: one defineTool module each (the same export as "Export as…"),
// an index with what the adapters and tests need, and one test per tool from its Toolscope test call.
import { exportDefineTool } from '../code/define-tool-export.ts';
import { prepareTool } from '../code/prepare-tool.ts';
import { mcpAnnotations } from '../code/mcp-export.ts';
import type { RunDefaults } from '../export-types.ts';
import { quote } from '../source/code-text.ts';
import { literal } from '../import/zod-literals.ts';
import type { ProjectFiles, ProjectRequest, ProjectTool } from './project-types.ts';

export const moduleName = (tool: ProjectTool) => tool.name.replace(/_/g, '-');

function toolIndex(request: ProjectRequest): string {
  const imports = request.tools.map((tool) => {
    const identifier = prepareTool(tool).identifier;
    return `import ${identifier}, { inputSchema as ${identifier}Input } from './${moduleName(tool)}.ts';`;
  });
  const entries = request.tools.map((tool) => {
    const prepared = prepareTool(tool);
    const testCall = tool.testCall ? `,\n    testCall: ${literal(tool.testCall)}` : '';
    return `  {\n    tool: ${prepared.identifier},\n    inputSchema: ${prepared.identifier}Input,\n    annotations: ${mcpAnnotations(prepared)}${testCall},\n  },`;
  });
  return `// Every tool of the project, in the order Toolscope listed them.
import type { ToolEntry } from '../tool-entry.ts';
${imports.join('\n')}

export const toolEntries: ToolEntry[] = [
${entries.join('\n')}
];

export const tools = toolEntries.map((entry) => entry.tool);
`;
}

function describeExpected(tool: ProjectTool): string {
  const expected = tool.testCall?.expected;
  if (!expected || expected.status === 'success') return 'success';
  return `${/^[aeiou]/.test(expected.kind) ? 'an' : 'a'} ${expected.kind} error`;
}

function toolTest(tool: ProjectTool, settings: RunDefaults): string {
  const header = `// Generated from ${tool.name}'s test call in Toolscope: its test arguments answer with ${describeExpected(tool)}.\nimport { describe, expect, it } from 'vitest';\n`;
  const testCall = tool.testCall;
  if (!testCall)
    return `${header}\ndescribe(${quote(tool.name)}, () => {\n  it.todo('has no test arguments in Toolscope (the Test call editor held no valid JSON)');\n});\n`;
  const expectation =
    testCall.expected.status === 'success'
      ? `expect(outcome.status, JSON.stringify(outcome.result)).toBe('success');`
      : `expect(outcome, JSON.stringify(outcome.result)).toMatchObject({ status: 'error', kind: ${quote(testCall.expected.kind)} });`;
  // A call that ends in a timeout may be a loop that never yields: only a worker can stop it.
  const inWorker = testCall.expected.status === 'error' && testCall.expected.kind === 'timeout';
  const timeoutMs = tool.timeoutMs ?? settings.timeoutMs;
  const attempts = tool.idempotent ? (tool.retry?.maxAttempts ?? settings.retry.maxAttempts) : 1;
  const call = inWorker
    ? `await callToolInWorker(${quote(tool.name)}, ${literal(testCall.arguments)}, { timeoutMs: ${timeoutMs}, attempts: ${attempts} })`
    : `await callTool(${quote(tool.name)}, ${literal(testCall.arguments)})`;
  const support = inWorker
    ? `import { callToolInWorker } from './support/call-in-worker.ts';`
    : `import { callTool } from './support/call-tool.ts';`;
  return `${header}${support}

describe(${quote(tool.name)}, () => {
  it('answers its test arguments with ${describeExpected(tool)}', async () => {
    const outcome = ${call};
    ${expectation}
  });
});
`;
}

export function toolFiles(request: ProjectRequest): ProjectFiles {
  const defaults: RunDefaults = { timeoutMs: request.settings.timeoutMs, retry: request.settings.retry };
  const files: ProjectFiles = { 'src/tools/index.ts': toolIndex(request) };
  for (const tool of request.tools) {
    files[`src/tools/${moduleName(tool)}.ts`] = exportDefineTool([tool], defaults).text;
    files[`tests/${moduleName(tool)}.test.ts`] = toolTest(tool, defaults);
  }
  return files;
}
