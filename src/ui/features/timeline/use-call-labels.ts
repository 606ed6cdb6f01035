import { useState } from 'react';
import { callArgumentLabels, type ArgumentLabels, type CallRow } from '../../../trace/index.ts';

/** The chart and the Calls table ask for the labels of the same calls in the same render: computed once. */
const computed = new WeakMap<readonly CallRow[], ArgumentLabels>();

function labelsOf(calls: readonly CallRow[]): ArgumentLabels {
  let labels = computed.get(calls);
  if (!labels) {
    labels = callArgumentLabels(calls);
    computed.set(calls, labels);
  }
  return labels;
}

/**
 * Key-argument labels of the calls, recomputed only when calls are added (arguments never change once a
 * call is queued): a live run repaints every frame, and parsing 10,000 argument lists per frame would show.
 */
export function useCallLabels(calls: readonly CallRow[]): ArgumentLabels {
  const signature = `${calls.length}:${calls[0]?.key ?? ''}`;
  const [cache, setCache] = useState(() => ({ signature, labels: labelsOf(calls) }));
  if (cache.signature === signature) return cache.labels;
  // "Adjusting state when a prop changes": computed during render, kept for the next frames.
  const next = { signature, labels: labelsOf(calls) };
  setCache(next);
  return next.labels;
}
