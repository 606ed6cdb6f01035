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

/** One line saying what the variant actually ran with. */
export function describeSettings(settings: VirtualRunSettings): string {
  const concurrency = settings.concurrency === null ? 'unlimited concurrency' : `concurrency ${settings.concurrency}`;
  const attempts = settings.retry.maxAttempts ?? 1;
  const strategy = settings.timeoutStrategy ? ` · ${strategyNames[settings.timeoutStrategy]}` : '';
  return `${concurrency} · ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} · timeout ${settings.timeoutMs} ms${strategy}`;
}
