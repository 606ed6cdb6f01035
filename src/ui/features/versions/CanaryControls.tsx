import { useId } from 'react';

interface CanaryControlsProps {
  /** The canary's label; null when there is no canary. */
  canaryVersion: string | null;
  /** The canary's share, 0..1. */
  traffic: number;
  canRollBack: boolean;
  onNewVersion(): void;
  onTrafficChange(traffic: number): void;
  onPromote(): void;
  onRollback(): void;
  onDiscard(): void;
}

/** The steps of a canary release: 0% -> 1% -> 10% -> 25% -> 50% -> 100% (promote). */
const STEPS = [0, 0.01, 0.1, 0.25, 0.5, 1];

export function CanaryControls({
  canaryVersion,
  traffic,
  canRollBack,
  onNewVersion,
  onTrafficChange,
  onPromote,
  onRollback,
  onDiscard,
}: CanaryControlsProps) {
  const group = useId();
  return (
    <div className="canary-controls">
      {canaryVersion !== null && (
        <fieldset className="segmented" aria-label={`Canary traffic (${canaryVersion})`}>
          <legend>Canary traffic ({canaryVersion})</legend>
          {STEPS.map((step) => (
            <label key={step}>
              <input type="radio" name={group} checked={traffic === step} onChange={() => onTrafficChange(step)} />
              {step === 1 ? '100% (promote)' : `${step * 100}%`}
            </label>
          ))}
        </fieldset>
      )}
      <div className="toolbar" role="toolbar" aria-label="Version actions">
        {canaryVersion === null ? (
          <button type="button" onClick={onNewVersion} title="Freeze this version as the stable one and start the next in the editors">
            New version
          </button>
        ) : (
          <>
            <button type="button" onClick={onPromote} title={`${canaryVersion} becomes the stable version and serves every call`}>
              Promote {canaryVersion}
            </button>
            <button type="button" onClick={onDiscard} title={`Drop ${canaryVersion}: the editors get the stable version's sources back`}>
              Discard {canaryVersion}
            </button>
          </>
        )}
        <button
          type="button"
          disabled={!canRollBack}
          onClick={onRollback}
          title="Undo the latest step: the canary back to 0%, or the last promotion undone"
        >
          Rollback
        </button>
      </div>
    </div>
  );
}
