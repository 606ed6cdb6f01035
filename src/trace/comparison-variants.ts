// The settings "Compare" can re-run a scenario with: each variant overrides part of the run settings.
import type { RetryPolicy } from '../core/index.ts';
import { strategyNames } from './after-deadline.ts';
import type { VirtualRunSettings } from './virtual-run.ts';

export interface ComparisonVariant {
  id: string;
  label: string;
  override: Partial<VirtualRunSettings>;
}

export const comparisonVariants: readonly ComparisonVariant[] = [
  { id: 'current', label: 'Current settings', override: {} },
  { id: 'concurrency-1', label: 'Concurrency 1', override: { concurrency: 1 } },
  { id: 'concurrency-3', label: 'Concurrency 3', override: { concurrency: 3 } },
  { id: 'unlimited', label: 'Unlimited concurrency', override: { concurrency: null } },
  { id: 'no-retries', label: 'No retries', override: { retry: { maxAttempts: 1 } } },
  {
    id: 'eager-retries',
    label: '5 attempts, short backoff',
    override: { retry: { maxAttempts: 5, baseDelayMs: 50, factor: 2, maxDelayMs: 800 } },
  },
  // What happens to work past its deadline: the totals match, the work wasted after them does not.
  { id: 'race-only', label: 'Timeout: race only', override: { timeoutStrategy: 'race' } },
  { id: 'abort-signal', label: 'Timeout: abort signal', override: { timeoutStrategy: 'abort' } },
  { id: 'abort-then-kill', label: 'Timeout: abort, then kill', override: { timeoutStrategy: 'abort-then-kill' } },
];

export const defaultComparisonVariantIds = ['concurrency-1', 'concurrency-3', 'unlimited'];

export function applyVariant(base: VirtualRunSettings, variant: ComparisonVariant): VirtualRunSettings {
  const retry: Partial<RetryPolicy> = { ...base.retry, ...variant.override.retry };
  return { ...base, ...variant.override, retry };
}

/**
 * One line saying what the variant actually ran with. `toolTimeouts` are the own timeouts (ms) of the
 * tools the scenario calls, by name: a tool's own timeout wins over the run's, so when every tool called
 * has one the run's is not what the calls had ("timeout 3000 ms, the tools' own", not "timeout 5000 ms").
 */
export function describeSettings(settings: VirtualRunSettings, toolTimeouts: ReadonlyMap<string, number | undefined> = new Map()): string {
  const concurrency = settings.concurrency === null ? 'unlimited concurrency' : `concurrency ${settings.concurrency}`;
  const attempts = settings.retry.maxAttempts ?? 1;
  const strategy = settings.timeoutStrategy ? ` · ${strategyNames[settings.timeoutStrategy]}` : '';
  return `${concurrency} · ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} · ${timeoutText(settings.timeoutMs, toolTimeouts)}${strategy}`;
}

function timeoutText(runTimeoutMs: number, toolTimeouts: ReadonlyMap<string, number | undefined>): string {
  const own = [...toolTimeouts].filter((entry): entry is [string, number] => entry[1] !== undefined && entry[1] !== runTimeoutMs);
  if (own.length === 0) return `timeout ${runTimeoutMs} ms`;
  const distinct = new Set(own.map(([, timeoutMs]) => timeoutMs));
  const [only] = distinct;
  if (own.length === toolTimeouts.size && distinct.size === 1) return `timeout ${only} ms (the tools' own)`;
  return [`timeout ${runTimeoutMs} ms`, ...own.map(([name, timeoutMs]) => `${name} ${timeoutMs} ms`)].join(', ');
}
