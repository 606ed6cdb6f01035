// The run settings the samples are tuned for (their timeouts, retries and scenarios assume them). The
// default workspace starts with these (src/workspace/default-workspace.ts types them as RunSettings).
import { defaultTimeoutMs } from '../core/index.ts';

export const sampleRunSettings = {
  concurrency: 4,
  // The executor's own default, not a second one: a run without settings and a new workspace agree.
  timeoutMs: defaultTimeoutMs,
  retry: { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 5_000, factor: 2 },
  maxIterations: 10,
  speed: 1,
  fetchAllowlist: [] as string[],
  provider: { kind: 'mock' as const, model: 'mock-1', baseUrl: '', stream: true },
};
