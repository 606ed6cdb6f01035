// A ToolRuntime that runs tools in-process from ready-made core tools, for unit tests and benchmarks
// of the store. The app uses the sandbox runtime: user code never runs in the page.
import type { Tool } from '../../core/index.ts';
import type { ToolSource, ToolVersionSource } from '../../workspace/workspace-schema.ts';
import type { CompileResult, RunToolOptions, ToolRuntime } from './tool-runtime.ts';

const missing = (label: string): CompileResult => ({
  ok: false,
  kind: 'source',
  problems: [{ file: 'schema', line: 1, column: 1, message: `no in-process tool named ${label}` }],
});

export class InProcessToolRuntime implements ToolRuntime {
  /**
   * Core tools by tool name; a name without an entry "fails to compile". Frozen versions are looked up
   * as "<name>@<version>" (e.g. "flaky_api@v1"), so a test can give each version its own behaviour.
   */
  constructor(private readonly tools: Record<string, Tool>) {}

  async compile(tool: ToolSource): Promise<CompileResult> {
    const coreTool = this.tools[tool.name];
    return coreTool ? { ok: true, parameters: coreTool.parameters } : missing(tool.name);
  }

  toCoreTool(tool: ToolSource, options: RunToolOptions): Tool {
    return this.adapt(this.tools[tool.name], tool, tool.name, tool.version, options);
  }

  async compileVersion(tool: ToolSource, version: ToolVersionSource): Promise<CompileResult> {
    const label = `${tool.name}@${version.version}`;
    const coreTool = this.tools[label];
    return coreTool ? { ok: true, parameters: coreTool.parameters } : missing(label);
  }

  toCoreToolVersion(tool: ToolSource, version: ToolVersionSource, options: RunToolOptions): Tool {
    return this.adapt(this.tools[`${tool.name}@${version.version}`], tool, `${tool.name}@${version.version}`, version.version, options);
  }

  private adapt(coreTool: Tool | undefined, tool: ToolSource, label: string, version: string | undefined, options: RunToolOptions): Tool {
    if (!coreTool) throw new Error(`no in-process tool named ${label}`);
    return {
      ...coreTool,
      name: tool.name,
      parameters: options.parameters,
      timeoutMs: tool.timeoutMs ?? coreTool.timeoutMs,
      idempotent: tool.idempotent,
      timeoutStrategy: tool.timeoutStrategy ?? coreTool.timeoutStrategy,
      killGraceMs: tool.killGraceMs ?? coreTool.killGraceMs,
      version: version ?? coreTool.version,
    };
  }
}
