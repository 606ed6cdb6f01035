import type { RetryPolicy } from '../../../core/index.ts';
import type { SourceError } from '../../transpile.ts';
import type { FailureKind } from '../../host/module-load-errors.ts';
import type { SandboxHost } from '../../host/sandbox-host.ts';
import type { PythonDefinition } from '../../protocol/worker-messages.ts';
import type { WorkerSession } from '../../host/worker-session.ts';
import { SandboxedPythonTool } from './python-tool.ts';

export interface PythonToolSources {
  /** The Python module; one function in it is marked with @tool. */
  source: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  version?: string;
}

export type CreatePythonToolResult = { ok: true; tool: SandboxedPythonTool } | { ok: false; kind: FailureKind; errors: SourceError[] };

/** Compiles the module (runs it, reads the definition) and makes a tool of it. */
export async function createSandboxedPythonTool(host: SandboxHost, sources: PythonToolSources): Promise<CreatePythonToolResult> {
  // A new tool needs a worker with its module: on a cold page the compile's becomes it (one boot, not two).
  const compiled = await host.compilePython(sources.source, { keepWorker: true });
  if (!compiled.ok) return compiled;
  return { ok: true, tool: new SandboxedPythonTool(host, { ...sources, definition: compiled.definition }, compiled.worker) };
}

/** A tool whose sources compiled before (a kept verdict): its definition is known, nothing is run to check it. */
export function adoptSandboxedPythonTool(
  host: SandboxHost,
  sources: PythonToolSources,
  definition: PythonDefinition,
  /** A worker the compile loaded this module into, handed over (PythonCompileOptions.keepWorker). */
  worker?: WorkerSession,
): SandboxedPythonTool {
  return new SandboxedPythonTool(host, { ...sources, definition }, worker);
}
