import { messageOf } from '../../core/index.ts';
import type { CompileResult } from '../runtime/tool-runtime.ts';

/**
 * Compiles, trying once more when the runtime (not the source) failed: a sandbox restarted on a starved
 * machine answers the second time. A throw is the runtime failing too. The failure's `kind` comes from
 * the sandbox (its worker sessions' end kinds), never from the wording of a message.
 */
export async function compileRetryingSandboxFailures(compile: () => Promise<CompileResult>): Promise<CompileResult> {
  let result: CompileResult = { ok: false, kind: 'sandbox', problems: [] };
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      result = await compile();
    } catch (error) {
      result = {
        ok: false,
        kind: 'sandbox',
        problems: [{ file: 'schema', line: 1, column: 1, message: `The sandbox failed: ${messageOf(error)}` }],
      };
    }
    if (result.ok || result.kind === 'source') break;
  }
  return result;
}
