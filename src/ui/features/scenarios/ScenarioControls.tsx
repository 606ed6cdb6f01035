import type { ReactNode } from 'react';

export interface ScenarioControlsProps {
  scenarios: { id: string; name: string }[];
  selectedScenarioId: string | null;
  running: boolean;
  canClear: boolean;
  /** Playback speed of the run (1 = real time). */
  speed: number;
  onSelectScenario(id: string): void;
  onRunScenario(): void;
  onSpeedChange(speed: number): void;
  onStop(): void;
  onClear(): void;
  /** Rendered after Clear: the Step toggle (left out of presenter mode's bar). */
  stepToggle?: ReactNode;
}

export const SPEEDS = [
  { value: 1, label: '1× speed' },
  { value: 0.5, label: '½× speed' },
  { value: 0.2, label: '⅕× speed' },
  { value: 0.1, label: '1⁄10× speed' },
];

/** Pick a scenario, set how fast it plays, run or stop it: the conversation's and presenter mode's controls. */
export function ScenarioControls(props: ScenarioControlsProps) {
  const { scenarios, selectedScenarioId, running } = props;
  // A speed set elsewhere (an imported workspace) still shows, even if it is not one of the presets.
  const speeds = SPEEDS.some((speed) => speed.value === props.speed)
    ? SPEEDS
    : [...SPEEDS, { value: props.speed, label: `${props.speed}×` }];
  return (
    <div className="scenario-row">
      <select aria-label="Scenario" value={selectedScenarioId ?? ''} onChange={(event) => props.onSelectScenario(event.target.value)}>
        {scenarios.length === 0 && <option value="">No scenarios</option>}
        {scenarios.map((scenario) => (
          <option key={scenario.id} value={scenario.id}>
            {scenario.name}
          </option>
        ))}
      </select>
      <span className="scenario-buttons">
        <button type="button" className="primary" disabled={running || !selectedScenarioId} onClick={props.onRunScenario}>
          Run scenario
        </button>
        <select
          aria-label="Speed"
          title="How fast the run plays: slow motion makes queues, retries and timeouts easy to follow"
          value={props.speed}
          onChange={(event) => props.onSpeedChange(Number(event.target.value))}
        >
          {speeds.map((speed) => (
            <option key={speed.value} value={speed.value}>
              {speed.label}
            </option>
          ))}
        </select>
        <button type="button" disabled={!running} onClick={props.onStop} title="Stop (Esc)">
          Stop
        </button>
        <button type="button" disabled={running || !props.canClear} onClick={props.onClear}>
          Clear
        </button>
        {props.stepToggle}
      </span>
    </div>
  );
}
