import { useId } from 'react';
import type { TimeoutStrategy } from '../../core/index.ts';

interface TimeoutStrategyFieldProps {
  label: string;
  value: TimeoutStrategy | undefined;
  /** Shown as the empty choice when the value may be left to a default (a tool's "run default"). */
  defaultLabel?: string;
  hint?: { text: string; title?: string } | undefined;
  onChange(value: TimeoutStrategy | undefined): void;
}

// The three answers to "what happens to the work at the deadline", in the words the timeline uses.
const choices: { value: TimeoutStrategy; label: string; title: string }[] = [
  {
    value: 'abort-then-kill',
    label: 'abort, then kill',
    title: 'Abort the signal at the deadline; work still running after the kill grace is killed (its worker terminated)',
  },
  {
    value: 'abort',
    label: 'abort signal',
    title: 'Abort the signal at the deadline; a tool that ignores it runs on, its result discarded',
  },
  {
    value: 'race',
    label: 'race only',
    title: 'Stop waiting at the deadline, nothing else: the work runs to its end and its result is discarded',
  },
];

export function TimeoutStrategyField({ label, value, defaultLabel, hint, onChange }: TimeoutStrategyFieldProps) {
  const hintId = useId();
  const selected = choices.find((choice) => choice.value === value);
  return (
    <label className="number-field">
      <span>{label}</span>
      <select
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        value={value ?? ''}
        title={selected?.title}
        onChange={(event) => onChange(choices.find((choice) => choice.value === event.target.value)?.value)}
      >
        {defaultLabel !== undefined && <option value="">{defaultLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} title={choice.title}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint && (
        <span className="field-hint" id={hintId} title={hint.title}>
          {hint.text}
        </span>
      )}
    </label>
  );
}
