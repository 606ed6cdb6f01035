// The app's ToolRuntime: every user tool lives in the sandbox as a SandboxedTool, kept per tool id.
// A failed edit leaves the last good schema and code in force (SandboxedTool.update*), so a typo in
// the editor never takes a working tool away from a run. Frozen earlier versions (the stable side of a
// canary) get a SandboxedTool of their own, kept per (tool id, version). Python tools (`language`) are
// kept beside them by SandboxPythonTools, under the same keys.
import { messageOf, type JsonSchemaObject, type Tool } from '../../core/index.ts';
import type { CompileFailure, FailureKind, SandboxedTool, SandboxHost, SourceError } from '../../sandbox/index.ts';
import type { ToolSource, ToolVersionSource } from '../../workspace/workspace-schema.ts';
import type { CompileResult, RunToolOptions, SourceProblem, ToolRuntime } from './tool-runtime.ts';
import { pythonToolParts, SandboxPythonTools } from './sandbox-python-tools.ts';

const located = (file: SourceProblem['file'], errors: readonly SourceError[]): SourceProblem[] =>
  errors.map((error) => ({ file, line: error.line, column: error.column, message: error.message }));

interface Sources {
  name: string;
  description: string;
  schemaSource: string;
  codeSource: string;
}

const versionKey = (toolId: string, version: string) => `${toolId}\u0000${version}`;

const sourcesOf = (source: Sources): Sources => ({
  name: source.name,
  description: source.description,
  schemaSource: source.schemaSource,
  codeSource: source.codeSource,
});

/** What a compile answers when the sandbox itself could not start: reported at the top of the file it was for. */
function sandboxFailed(file: SourceProblem['file'], error: unknown): CompileResult {
  return { ok: false, kind: 'sandbox', problems: [{ file, line: 1, column: 1, message: `The sandbox failed: ${messageOf(error)}` }] };
}

export class SandboxToolRuntime implements ToolRuntime {
  private readonly tools = new Map<string, SandboxedTool>();
  /** Frozen versions by versionKey; each belongs to the tool id before the separator. */
  private readonly versions = new Map<string, SandboxedTool>();
  private readonly python = new SandboxPythonTools();

  constructor(private readonly host: Promise<SandboxHost>) {}

  compile(source: ToolSource): Promise<CompileResult> {
    if (source.language === 'python') return this.compilePython(source.id, source);
    return this.compileInto(this.tools, source.id, source);
  }

  compileVersion(source: ToolSource, version: ToolVersionSource): Promise<CompileResult> {
    if (source.language === 'python')
      return this.compilePython(versionKey(source.id, version.version), { ...source, codeSource: version.codeSource });
    // A label can come back with other sources (a discarded canary, then a new version from edits).
    return this.compileInto(this.versions, versionKey(source.id, version.version), {
      ...source,
      schemaSource: version.schemaSource,
      codeSource: version.codeSource,
    });
  }

  async prepare(source: ToolSource, parameters: JsonSchemaObject): Promise<CompileResult> {
    // A Python module is run to know its tool (one compile worker, tens of milliseconds once Python is up).
    if (source.language === 'python') return this.compilePython(source.id, source);
    let host: SandboxHost;
    try {
      host = await this.host;
    } catch (error) {
      return sandboxFailed('schema', error);
    }
    const { adoptSandboxedTool } = await import('../../sandbox/index.ts');
    const adopted = adoptSandboxedTool(host, sourcesOf(source), parameters);
    if (!adopted.ok)
      return {
        ok: false,
        kind: adopted.kind,
        problems: [...located('schema', adopted.errors.schema), ...located('code', adopted.errors.code)],
      };
    this.tools.get(source.id)?.dispose();
    this.tools.set(source.id, adopted.tool);
    return { ok: true, parameters };
  }

  toCoreTool(source: ToolSource, options: RunToolOptions): Tool {
    return this.coreTool(this.sandboxedOf(source, source.id), source, source.version, options);
  }

  toCoreToolVersion(source: ToolSource, version: ToolVersionSource, options: RunToolOptions): Tool {
    return this.coreTool(this.sandboxedOf(source, versionKey(source.id, version.version)), source, version.version, options);
  }

  async warmVersion(source: ToolSource, version: ToolVersionSource, calls: number): Promise<void> {
    // A TypeScript worker starts in milliseconds; only a Python tool has interpreters worth waiting for.
    if (source.language === 'python') await this.python.get(versionKey(source.id, version.version))?.ready(calls);
  }

  /** Drops tools that are no longer in the workspace (their schema workers stop), with their versions. */
  forgetAllExcept(toolIds: ReadonlySet<string>): void {
    for (const [toolId, tool] of this.tools) {
      if (toolIds.has(toolId)) continue;
      tool.dispose();
      this.tools.delete(toolId);
    }
    for (const [key, tool] of this.versions) {
      if (toolIds.has(key.split('\u0000')[0] ?? '')) continue;
      tool.dispose();
      this.versions.delete(key);
    }
    this.python.forget((key) => toolIds.has(key.split('\u0000')[0] ?? ''));
  }

  /** The tool's parts that run in the sandbox, whichever language it is in. */
  private sandboxedOf(source: ToolSource, key: string): (Pick<Tool, 'validate' | 'execute' | 'killable'> & Partial<Tool>) | undefined {
    if (source.language === 'python') {
      const python = this.python.get(key);
      return python && pythonToolParts(python);
    }
    const sandboxed = key === source.id ? this.tools.get(key) : this.versions.get(key);
    return (
      sandboxed && {
        validate: (args, signal) => sandboxed.validate(args, signal),
        execute: (input, ctx) => sandboxed.execute(input, ctx),
        killable: sandboxed.killable,
      }
    );
  }

  private async compilePython(key: string, source: ToolSource): Promise<CompileResult> {
    let host: SandboxHost;
    try {
      host = await this.host;
    } catch (error) {
      return sandboxFailed('code', error);
    }
    return this.python.compile(host, key, source);
  }

  private coreTool(
    sandboxed: (Pick<Tool, 'validate' | 'execute' | 'killable'> & Partial<Tool>) | undefined,
    source: ToolSource,
    version: string | undefined,
    options: RunToolOptions,
  ): Tool {
    if (!sandboxed) throw new Error(`Tool "${source.name}"${version ? ` ${version}` : ''} has not compiled in the sandbox yet`);
    // Name, description and run settings come from the workspace as they are now; the schema and code
    // from the last good compile. A Python tool's description and idempotency are its function's.
    return {
      name: source.name,
      description: sandboxed.description ?? source.description,
      parameters: options.parameters,
      validate: sandboxed.validate,
      execute: sandboxed.execute,
      timeoutMs: source.timeoutMs,
      idempotent: sandboxed.idempotent ?? source.idempotent,
      retry: source.retry,
      ...(source.timeoutStrategy === undefined ? {} : { timeoutStrategy: source.timeoutStrategy }),
      ...(source.killGraceMs === undefined ? {} : { killGraceMs: source.killGraceMs }),
      ...(sandboxed.killable === undefined ? {} : { killable: sandboxed.killable }),
      version,
    };
  }

  private async compileInto(map: Map<string, SandboxedTool>, key: string, source: Sources): Promise<CompileResult> {
    let host: SandboxHost;
    try {
      host = await this.host;
    } catch (error) {
      return sandboxFailed('schema', error);
    }
    const existing = map.get(key);
    if (!existing) {
      // Loaded with the sandbox, which is not part of the first load.
      const { createSandboxedTool } = await import('../../sandbox/index.ts');
      const created = await createSandboxedTool(host, sourcesOf(source));
      if (!created.ok)
        return {
          ok: false,
          kind: created.kind,
          problems: [...located('schema', created.errors.schema), ...located('code', created.errors.code)],
        };
      // Two compiles of a new tool may race; keep the first and let the second update it.
      const winner = map.get(key);
      if (winner) created.tool.dispose();
      else map.set(key, created.tool);
      if (winner) return this.compileInto(map, key, source);
      return { ok: true, parameters: created.tool.parameters };
    }
    const problems: SourceProblem[] = [];
    let kind: FailureKind = 'source';
    const note = (file: SourceProblem['file'], failure: CompileFailure) => {
      problems.push(...located(file, failure.errors));
      if (failure.kind === 'sandbox') kind = 'sandbox';
    };
    if (existing.schemaSource !== source.schemaSource) {
      const updated = await existing.updateSchema(source.schemaSource);
      if (!updated.ok) note('schema', updated);
    }
    if (existing.codeSource !== source.codeSource) {
      const updated = await existing.updateCode(source.codeSource);
      if (!updated.ok) note('code', updated);
    }
    return problems.length > 0 ? { ok: false, kind, problems } : { ok: true, parameters: existing.parameters };
  }
}
