import { useState } from 'react';

interface NumberFieldProps {
  label: string;
  value: number | null;
  min: number;
  max: number;
  step?: number;
  /** Text shown when the value is null (e.g. "unlimited"); null is allowed only when this is set. */
  nullLabel?: string;
  onChange(value: number | null): void;
}

/**
 * A spinbutton that only commits valid numbers. While the text is invalid the last good value stays in
 * force and the field says why, instead of silently clamping what the user typed.
 */
export function NumberField({ label, value, min, max, step = 1, nullLabel, onChange }: NumberFieldProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  // When the value changes from outside (import, reset), show it: React's "adjust state on prop change".
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value === null ? '' : String(value));
    setError(null);
  }

  const commit = (next: string) => {
    setText(next);
    if (next.trim() === '' && nullLabel) {
      setError(null);
      onChange(null);
      return;
    }
    const parsed = Number(next);
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
      setError(`${min}–${max}`);
      return;
    }
    setError(null);
    onChange(parsed);
  };

  return (
    <label className="number-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={text}
        placeholder={nullLabel}
        aria-invalid={error ? 'true' : undefined}
        onChange={(event) => commit(event.target.value)}
      />
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}
