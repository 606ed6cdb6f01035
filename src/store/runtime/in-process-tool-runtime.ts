// A ToolRuntime that runs tools in-process from ready-made core tools, for unit tests and benchmarks
// of the store. The app uses the sandbox runtime: user code never runs in the page.
import type { Tool } from '../../core/index.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';
import type { CompileResult, RunToolOptions, ToolRuntime } from './tool-runtime.ts';

export class InProcessToolRuntime implements ToolRuntime {
  /** Core tools by tool name; a name without an entry "fails to compile". */
  constructor(private readonly tools: Record<string, Tool>) {}

  async compile(tool: ToolSource): Promise<CompileResult> {
    const coreTool = this.tools[tool.name];
    if (!coreTool) return { ok: false, problems: [{ file: 'schema', line: 1, column: 1, message: `no in-process tool named ${tool.name}` }] };
    return { ok: true, parameters: coreTool.parameters };
  }

  toCoreTool(tool: ToolSource, options: RunToolOptions): Tool {
    const coreTool = this.tools[tool.name];
    if (!coreTool) throw new Error(`no in-process tool named ${tool.name}`);
    return { ...coreTool, parameters: options.parameters, timeoutMs: tool.timeoutMs ?? coreTool.timeoutMs, idempotent: tool.idempotent };
  }
}
