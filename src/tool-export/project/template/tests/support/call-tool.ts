// Calls one tool through the executor, as the agent loop would, on a faster clock: ctx.sleep, timeouts,
// backoff and Retry-After all shrink by TEST_SPEED (default 10), so the tests stay quick. Set
// TEST_SPEED=1 for tools that do real work (network, CPU), which a shorter deadline would cut off.
import { modelFacingPayload, type ErrorKind } from '../../src/core/index.ts';
import { ScaledClock } from '../../src/core/scaled-clock.ts';
import { createExecutor } from '../../src/executor.ts';

export const testSpeed = Number(process.env.TEST_SPEED ?? 10);

export interface CallOutcome {
  status: 'success' | 'error';
  kind?: ErrorKind;
  /** What the model would read. */
  result: unknown;
}

export async function callTool(name: string, input: unknown): Promise<CallOutcome> {
  const executor = createExecutor({ clock: new ScaledClock(testSpeed) });
  const result = await executor.execute({ name, arguments: input });
  return { status: result.status, kind: result.status === 'error' ? result.error.kind : undefined, result: modelFacingPayload(result) };
}
