// The Python tools of the app's ToolRuntime (issue 31, ADR 0018), kept per key as SandboxedTool is for
// TypeScript. Python is loaded only here, on the first Python tool: a TypeScript-only workspace never
// imports it. A failed edit leaves the last good module and definition in force, as for TypeScript.
import type { JsonSchemaObject, Tool } from '../../core/index.ts';
import type { SandboxedPythonTool, SandboxHost, SourceError } from '../../sandbox/index.ts';
import type { CompileResult, SourceProblem } from './tool-runtime.ts';

/** The fields of a tool a Python tool is made of: its module, and the settings the executor reads. */
export interface PythonSources {
  name: string;
  codeSource: string;
}

const inCode = (errors: readonly SourceError[]): SourceProblem[] =>
  errors.map((error) => ({ file: 'code', line: error.line, column: error.column, message: error.message }));

export class SandboxPythonTools {
  private readonly tools = new Map<string, SandboxedPythonTool>();

  async compile(host: SandboxHost, key: string, source: PythonSources): Promise<CompileResult> {
    // A new tool needs a worker with its module: on a cold page the compile's becomes it (one boot, not two).
    const compiled = await host.compilePython(source.codeSource, { keepWorker: !this.tools.has(key) });
    if (!compiled.ok) return { ok: false, kind: compiled.kind, problems: inCode(compiled.errors) };
    const { definition } = compiled;
    let handedOver = compiled.worker;
    const dropHandedOver = () => {
      handedOver?.terminate();
      handedOver = undefined;
    };
    // One name per tool: the one in the tool list, which the model calls, is the function's too.
    if (definition.name !== source.name) {
      dropHandedOver();
      return {
        ok: false,
        kind: 'source',
        problems: [
          { file: 'code', ...lineOfFunction(source.codeSource, definition.name), message: nameMismatch(definition.name, source.name) },
        ],
      };
    }
    let tool = this.tools.get(key);
    if (tool) {
      // Made meanwhile by another compile of the same key: its own workers serve it.
      dropHandedOver();
      tool.update(source.codeSource, definition);
    } else {
      const { adoptSandboxedPythonTool } = await import('../../sandbox/index.ts');
      this.tools.get(key)?.dispose();
      tool = adoptSandboxedPythonTool(host, { source: source.codeSource }, definition, handedOver);
      this.tools.set(key, tool);
    }
    // Valid once a worker with the module is waiting: the first call then does not spend its deadline on a boot.
    await tool.ready();
    return { ok: true, parameters: definition.parameters as JsonSchemaObject, description: definition.description };
  }

  get(key: string): SandboxedPythonTool | undefined {
    return this.tools.get(key);
  }

  has(key: string): boolean {
    return this.tools.has(key);
  }

  forget(keep: (key: string) => boolean): void {
    for (const [key, tool] of this.tools) {
      if (keep(key)) continue;
      tool.dispose();
      this.tools.delete(key);
    }
  }
}

/** What a Python tool gives the executor beyond the workspace's settings: its definition's parts. */
export function pythonToolParts(tool: SandboxedPythonTool): Pick<Tool, 'description' | 'idempotent' | 'validate' | 'execute' | 'killable'> {
  return {
    description: tool.description,
    idempotent: tool.idempotent,
    validate: (args) => tool.validate(args),
    execute: (input, ctx) => tool.execute(input, ctx),
    killable: tool.killable,
  };
}

function nameMismatch(functionName: string, toolName: string): string {
  return `The @tool function is named ${functionName}, but the tool is ${toolName}: rename one so both match (the model calls it by that name).`;
}

function lineOfFunction(source: string, name: string): { line: number; column: number } {
  const index = source.split('\n').findIndex((line) => new RegExp(`^\\s*(async\\s+)?def\\s+${name}\\b`).test(line));
  return { line: index < 0 ? 1 : index + 1, column: 1 };
}
