// The dice of fault injection. Each attempt's draw depends only on the seed, the tool, the call id and
// the attempt number, never on the order calls happen to run in: the same run with the same seed gets
// the same faults, even with parallel calls finishing in a different order.
import { fnv1a32 } from '../core/index.ts';
import { failureRates, type FaultKind, type FaultLatency, type FaultSettings } from './fault-settings.ts';

/** Two uniform numbers in [0, 1) from a string key (FNV-1a, then a 32-bit mixer so near keys draw far apart). */
export function uniformPair(key: string): [number, number] {
  const hash = fnv1a32(key);
  const mix = (value: number) => {
    let mixed = value;
    mixed ^= mixed >>> 16;
    mixed = Math.imul(mixed, 0x7feb352d);
    mixed ^= mixed >>> 15;
    mixed = Math.imul(mixed, 0x846ca68b);
    mixed ^= mixed >>> 16;
    return mixed >>> 0;
  };
  const first = mix(hash);
  const second = mix(first ^ 0x9e3779b9);
  return [first / 2 ** 32, second / 2 ** 32];
}

export interface FaultDraw {
  /** Extra latency before the attempt, ms. */
  delayMs: number;
  failure: FaultKind | null;
}

export interface DrawKey {
  seed: number;
  toolName: string;
  toolCallId: string;
  attempt: number;
}

function latencyOf(latency: FaultLatency | null, uniform: number): number {
  if (!latency) return 0;
  const upper = Math.max(latency.ms, latency.maxMs);
  switch (latency.distribution) {
    case 'fixed':
      return latency.ms;
    case 'uniform':
      return Math.round(latency.ms + (upper - latency.ms) * uniform);
    case 'exponential':
      return Math.round(Math.min(upper, -latency.ms * Math.log(1 - uniform)));
  }
}

export function drawFault(settings: FaultSettings, key: DrawKey): FaultDraw {
  const [failureDraw, latencyDraw] = uniformPair(`${key.seed}|${key.toolName}|${key.toolCallId}|${key.attempt}`);
  let threshold = 0;
  let failure: FaultKind | null = null;
  for (const [kind, chance] of failureRates(settings)) {
    threshold += chance;
    if (failureDraw < threshold) {
      failure = kind;
      break;
    }
  }
  return { delayMs: latencyOf(settings.latency, latencyDraw), failure };
}
