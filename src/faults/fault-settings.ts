// What can go wrong with a tool, on purpose: the per-tool fault settings a workspace saves. Rates are
// chances per attempt (0..1) and together at most 1; each attempt draws one number and gets at most one
// failure, plus the extra latency.
import { z } from 'zod';

export const faultLatencySchema = z.object({
  /** fixed: always `ms`; uniform: between `ms` and `maxMs`; exponential: mean `ms`, capped at `maxMs`. */
  distribution: z.enum(['fixed', 'uniform', 'exponential']),
  ms: z.number().int().min(0).max(60_000),
  maxMs: z.number().int().min(0).max(60_000),
});

const rate = z.number().min(0).max(1);

export const faultSettingsSchema = z
  .object({
    enabled: z.boolean(),
    latency: faultLatencySchema.nullable(),
    /** Fails with a transient error (retried for idempotent tools). */
    transientRate: rate,
    /** Fails with a permanent error (never retried). */
    permanentRate: rate,
    /** 429 Too Many Requests with a Retry-After of `retryAfterMs`. */
    rateLimitRate: rate,
    retryAfterMs: z.number().int().min(0).max(60_000),
    /** 503 Service Unavailable (transient). */
    unavailableRate: rate,
    /** Never settles and ignores the abort signal: only the executor's deadline ends it. */
    hangRate: rate,
    /** The tool runs, but what comes back is cut-off JSON text. */
    malformedRate: rate,
  })
  .refine((settings: FailureRates) => failureRates(settings).reduce((sum, [, chance]) => sum + chance, 0) <= 1 + 1e-9, {
    message: 'the failure rates add up to more than 100%',
  });

export type FaultSettings = z.infer<typeof faultSettingsSchema>;
export type FaultLatency = z.infer<typeof faultLatencySchema>;

/**
 * What an injected fault does to an attempt. Kinds are written as the core's `ErrorKind` and the model
 * adapters' `ProviderErrorKind` write theirs (snake_case), so one failure has one spelling everywhere.
 */
export type FaultKind = 'transient' | 'permanent' | 'rate_limit' | 'unavailable' | 'hang' | 'malformed';

/** Failure kinds with their chances, in the order an attempt's draw is matched against them. */
export interface FailureRates {
  rateLimitRate: number;
  unavailableRate: number;
  transientRate: number;
  permanentRate: number;
  hangRate: number;
  malformedRate: number;
}

export function failureRates(settings: FailureRates): [FaultKind, number][] {
  return [
    ['rate_limit', settings.rateLimitRate],
    ['unavailable', settings.unavailableRate],
    ['transient', settings.transientRate],
    ['permanent', settings.permanentRate],
    ['hang', settings.hangRate],
    ['malformed', settings.malformedRate],
  ];
}

export const noFaults: FaultSettings = {
  enabled: false,
  latency: null,
  transientRate: 0,
  permanentRate: 0,
  rateLimitRate: 0,
  retryAfterMs: 1_000,
  unavailableRate: 0,
  hangRate: 0,
  malformedRate: 0,
};
