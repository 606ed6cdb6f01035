// The app's ToolRuntime: every user tool lives in the sandbox as a SandboxedTool, kept per tool id.
// A failed edit leaves the last good schema and code in force (SandboxedTool.update*), so a typo in
// the editor never takes a working tool away from a run.
import type { Tool } from '../../core/index.ts';
import { createSandboxedTool, type SandboxedTool, type SandboxHost, type SourceError } from '../../sandbox/index.ts';
import type { ToolSource } from '../workspace/workspace-schema.ts';
import type { CompileResult, RunToolOptions, SourceProblem, ToolRuntime } from './tool-runtime.ts';

const located = (file: SourceProblem['file'], errors: readonly SourceError[]): SourceProblem[] =>
  errors.map((error) => ({ file, line: error.line, column: error.column, message: error.message }));

export class SandboxToolRuntime implements ToolRuntime {
  private readonly tools = new Map<string, SandboxedTool>();

  constructor(private readonly host: Promise<SandboxHost>) {}

  async compile(source: ToolSource): Promise<CompileResult> {
    const host = await this.host;
    const existing = this.tools.get(source.id);
    if (!existing) {
      const created = await createSandboxedTool(host, { name: source.name, description: source.description, schemaSource: source.schemaSource, codeSource: source.codeSource });
      if (!created.ok) return { ok: false, problems: [...located('schema', created.errors.schema), ...located('code', created.errors.code)] };
      // Two compiles of a new tool may race; keep the first and let the second update it.
      const winner = this.tools.get(source.id);
      if (winner) created.tool.dispose();
      else this.tools.set(source.id, created.tool);
      if (winner) return this.compile(source);
      return { ok: true, parameters: created.tool.parameters };
    }
    const problems: SourceProblem[] = [];
    if (existing.schemaSource !== source.schemaSource) {
      const updated = await existing.updateSchema(source.schemaSource);
      if (!updated.ok) problems.push(...located('schema', updated.errors));
    }
    if (existing.codeSource !== source.codeSource) {
      const updated = await existing.updateCode(source.codeSource);
      if (!updated.ok) problems.push(...located('code', updated.errors));
    }
    return problems.length > 0 ? { ok: false, problems } : { ok: true, parameters: existing.parameters };
  }

  toCoreTool(source: ToolSource, options: RunToolOptions): Tool {
    const sandboxed = this.tools.get(source.id);
    if (!sandboxed) throw new Error(`Tool "${source.name}" has not compiled in the sandbox yet`);
    // Name, description and run settings come from the workspace as they are now; the schema and code
    // from the last good compile.
    return {
      name: source.name,
      description: source.description,
      parameters: options.parameters,
      validate: (args, signal) => sandboxed.validate(args, signal),
      execute: (input, ctx) => sandboxed.execute(input, ctx),
      timeoutMs: source.timeoutMs,
      idempotent: source.idempotent,
      retry: source.retry,
      version: source.version,
    };
  }

  /** Drops tools that are no longer in the workspace (their schema workers stop). */
  forgetAllExcept(toolIds: ReadonlySet<string>): void {
    for (const [toolId, tool] of this.tools) {
      if (toolIds.has(toolId)) continue;
      tool.dispose();
      this.tools.delete(toolId);
    }
  }
}
