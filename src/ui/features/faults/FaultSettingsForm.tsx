import './faults.css';
import { useState } from 'react';
import { faultSettingsSchema, noFaults, type FaultLatency, type FaultSettings } from '../../../faults/index.ts';

interface FaultSettingsFormProps {
  toolName: string;
  faults: FaultSettings | undefined;
  seed: number;
  onChange(faults: FaultSettings): void;
  onSeedChange(seed: number): void;
}

type RateKey = 'rateLimitRate' | 'unavailableRate' | 'transientRate' | 'permanentRate' | 'hangRate' | 'malformedRate';
const rates: { key: RateKey; label: string }[] = [
  { key: 'rateLimitRate', label: '429 Too Many Requests' },
  { key: 'unavailableRate', label: '503 Service Unavailable' },
  { key: 'transientRate', label: 'Transient error' },
  { key: 'permanentRate', label: 'Permanent error' },
  { key: 'hangRate', label: 'Hang (ignores abort)' },
  { key: 'malformedRate', label: 'Malformed result' },
];
const noLatency: FaultLatency = { distribution: 'fixed', ms: 0, maxMs: 0 };

/** Per-tool fault injection: latency, failure rates by kind, and the seed that makes them replayable. */
export function FaultSettingsForm({ toolName, faults, seed, onChange, onSeedChange }: FaultSettingsFormProps) {
  const current = faults ?? noFaults;
  const [problem, setProblem] = useState<string | null>(null);
  // Only settings the saved workspace accepts are committed; otherwise the field says why.
  const commit = (next: FaultSettings) => {
    const checked = faultSettingsSchema.safeParse(next);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'invalid fault settings');
      return;
    }
    setProblem(null);
    onChange(checked.data);
  };
  const latency = current.latency;
  const setLatency = (patch: Partial<FaultLatency> | null) =>
    commit({ ...current, latency: patch === null ? null : { ...(latency ?? noLatency), ...patch } });
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

  return (
    <fieldset className="fault-settings" aria-label={`Faults of ${toolName}`}>
      <legend>Fault injection</legend>
      <label className="checkbox">
        <input type="checkbox" checked={current.enabled} onChange={(event) => commit({ ...current, enabled: event.target.checked })} />
        Inject faults into {toolName}'s calls (its code is not touched; the timeline marks what was injected)
      </label>
      {current.enabled && (
        <>
          <div className="fault-row">
            <label>
              Extra latency{' '}
              <select
                aria-label="Latency distribution"
                value={latency ? latency.distribution : 'none'}
                onChange={(event) =>
                  setLatency(event.target.value === 'none' ? null : { distribution: event.target.value as FaultLatency['distribution'] })
                }
              >
                <option value="none">none</option>
                <option value="fixed">fixed</option>
                <option value="uniform">uniform</option>
                <option value="exponential">exponential</option>
              </select>
            </label>
            {latency && (
              <>
                <label>
                  {latency.distribution === 'exponential' ? 'mean' : latency.distribution === 'uniform' ? 'from' : ''} ms{' '}
                  <input
                    type="number"
                    aria-label="Latency ms"
                    min={0}
                    step={50}
                    value={latency.ms}
                    onChange={(event) => setLatency({ ms: number(event.target.value) })}
                  />
                </label>
                {latency.distribution !== 'fixed' && (
                  <label>
                    {latency.distribution === 'uniform' ? 'to' : 'at most'} ms{' '}
                    <input
                      type="number"
                      aria-label="Latency max ms"
                      min={0}
                      step={50}
                      value={latency.maxMs}
                      onChange={(event) => setLatency({ maxMs: number(event.target.value) })}
                    />
                  </label>
                )}
              </>
            )}
          </div>
          <div className="fault-rates">
            {rates.map(({ key, label }) => (
              <label key={key}>
                {label} (%)
                <input
                  type="number"
                  aria-label={`${label} (%)`}
                  min={0}
                  max={100}
                  step={5}
                  value={Math.round(current[key] * 1000) / 10}
                  onChange={(event) => commit({ ...current, [key]: number(event.target.value) / 100 })}
                />
              </label>
            ))}
            <label>
              Retry-After (ms)
              <input
                type="number"
                aria-label="Retry-After (ms)"
                min={0}
                step={100}
                value={current.retryAfterMs}
                onChange={(event) => commit({ ...current, retryAfterMs: number(event.target.value) })}
              />
            </label>
            <label>
              Seed (all tools)
              <input
                type="number"
                aria-label="Fault seed"
                min={0}
                value={seed}
                onChange={(event) => Number.isInteger(number(event.target.value)) && onSeedChange(number(event.target.value))}
              />
            </label>
          </div>
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
