// The tools of a downloaded project: one defineTool module each (the same export as "Export as…"),
// an index with what the adapters and tests need, and one test per tool from its Toolscope test call.
import { exportDefineTool } from '../code/define-tool-export.ts';
import { prepareTools, type PreparedTool } from '../code/prepare-tool.ts';
import { mcpAnnotations } from '../code/mcp-export.ts';
import type { RunDefaults } from '../export-types.ts';
import { quote } from '../source/code-text.ts';
import { literal } from '../import/zod-literals.ts';
import type { ProjectFiles, ProjectRequest, ProjectTool } from './project-types.ts';

interface ProjectModule {
  tool: ProjectTool;
  prepared: PreparedTool;
  /** File name without extension: `get_weather` → `get-weather` (a second `get-weather` becomes `get-weather-2`). */
  module: string;
}

function projectModules(tools: readonly ProjectTool[]): ProjectModule[] {
  const taken = new Set<string>();
  const prepared = prepareTools(tools);
  return tools.map((tool, index) => {
    const base = tool.name.replace(/_/g, '-');
    let module = base;
    for (let counter = 2; taken.has(module.toLowerCase()); counter++) module = `${base}-${counter}`;
    // Case-insensitive: two files that differ only in case collide on macOS and Windows.
    taken.add(module.toLowerCase());
    return { tool, prepared: prepared[index] as PreparedTool, module };
  });
}

function toolIndex(modules: readonly ProjectModule[]): string {
  const imports = modules.map(
    ({ prepared, module }) => `import ${prepared.identifier}, { inputSchema as ${prepared.identifier}Input } from './${module}.ts';`,
  );
  const entries = modules.map(({ tool, prepared }) => {
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

/** Where the test's expectation comes from, for the comment at its top. */
function origin(tool: ProjectTool): string {
  const testCall = tool.testCall;
  if (testCall?.refusedBecause)
    return `Generated from ${tool.name}'s test arguments in Toolscope, which its schema refuses (${testCall.refusedBecause.replace(/\s+/g, ' ')}):\n// the executor answers invalid_arguments without running the tool.`;
  if (testCall?.assumed)
    return `Generated from ${tool.name}'s test arguments in Toolscope. ASSUMED: no test call was recorded there, so success is\n// assumed, not seen (the call runs in a worker thread, which stops it if it never yields). Check it.`;
  return `Generated from ${tool.name}'s test call in Toolscope: its test arguments answer with ${describeExpected(tool)}.`;
}

function toolTest(tool: ProjectTool, settings: RunDefaults): string {
  const header = `// ${origin(tool)}\nimport { describe, expect, it } from 'vitest';\n`;
  const testCall = tool.testCall;
  if (!testCall)
    return `${header}\ndescribe(${quote(tool.name)}, () => {\n  it.todo('has no test arguments in Toolscope (the Test call editor held no valid JSON)');\n});\n`;
  const expectation =
    testCall.expected.status === 'success'
      ? `expect(outcome.status, JSON.stringify(outcome.result)).toBe('success');`
      : `expect(outcome, JSON.stringify(outcome.result)).toMatchObject({ status: 'error', kind: ${quote(testCall.expected.kind)} });`;
  // A call that ends in a timeout may be a loop that never yields, and an outcome nobody saw may be one
  // too: only a worker can stop it, so those calls run in one.
  const inWorker = testCall.assumed === true || (testCall.expected.status === 'error' && testCall.expected.kind === 'timeout');
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
  it('answers its test arguments with ${describeExpected(tool)}${testCall.assumed ? ' (assumed)' : testCall.refusedBecause ? ' (its schema refuses them)' : ''}', async () => {
    const outcome = ${call};
    ${expectation}
  });
});
`;
}

export function toolFiles(request: ProjectRequest): ProjectFiles {
  const defaults: RunDefaults = { timeoutMs: request.settings.timeoutMs, retry: request.settings.retry };
  const modules = projectModules(request.tools);
  const files: ProjectFiles = { 'src/tools/index.ts': toolIndex(modules) };
  for (const { tool, module } of modules) {
    files[`src/tools/${module}.ts`] = exportDefineTool([tool], defaults).text;
    files[`tests/${module}.test.ts`] = toolTest(tool, defaults);
  }
  return files;
}
