// One executor with every tool and the workspace's run settings: the agent loop, the adapters and the
// tests all call tools through it, so validation, deadlines, retries and errors-as-results always apply.
import { ToolExecutor, type Clock } from './core/index.ts';
import { settings } from './settings.ts';
import { tools } from './tools/index.ts';

export function createExecutor(options: { clock?: Clock } = {}): ToolExecutor {
  const executor = new ToolExecutor({
    concurrency: settings.concurrency ?? undefined,
    timeoutMs: settings.timeoutMs,
    retry: settings.retry,
    clock: options.clock,
    env: Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  });
  for (const tool of tools) executor.register(tool);
  return executor;
}
