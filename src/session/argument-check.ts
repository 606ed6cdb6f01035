// What a tool's own schema says of some arguments, without running the tool: the zod schema in the
// runtime (the sandbox in the app) judges them exactly as the executor would before a call. The Export
// dialog asks, so a downloaded project's test never expects success for arguments the schema refuses.
import type { ValidationIssue } from '../core/index.ts';
import type { SessionDependencies } from './session-dependencies.ts';

export type ArgumentCheck =
  | { status: 'valid' }
  | { status: 'invalid'; issues: ValidationIssue[] }
  /** The schema on screen has not compiled (an error, or the tool is gone): nothing to judge by. */
  | { status: 'unknown'; reason: string };

export async function checkArguments(dependencies: SessionDependencies, toolId: string, value: unknown): Promise<ArgumentCheck> {
  const view = await dependencies.workspace.ready([toolId]);
  const tool = view.workspace.tools.find((candidate) => candidate.id === toolId);
  const compilation = view.compilations[toolId];
  if (!tool) return { status: 'unknown', reason: 'the tool no longer exists' };
  if (compilation?.status !== 'valid' || !compilation.parameters) return { status: 'unknown', reason: 'its schema has not compiled' };
  const core = dependencies.runtime.toCoreTool(tool, { parameters: compilation.parameters });
  const result = await core.validate(value, new AbortController().signal);
  return result.success ? { status: 'valid' } : { status: 'invalid', issues: result.issues };
}
