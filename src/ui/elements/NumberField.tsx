import { useId, useState } from 'react';
import { numberRuleProblem, type NumberRule } from '../../workspace/number-rule.ts';

interface NumberFieldProps {
  label: string;
  value: number | null;
  /** What the saved workspace accepts (numberRule of the field's schema). */
  rule: NumberRule;
  step?: number;
  /** Text shown when the value is null (e.g. "unlimited"); null is allowed only when this is set. */
  nullLabel?: string;
  /** A short note beside the field, e.g. "overridden by 2 tools" (with its longer reason as a tooltip). */
  hint?: { text: string; title?: string } | undefined;
  onChange(value: number | null): void;
}

/**
 * A spinbutton that only commits valid numbers. While the text is invalid the last good value stays in
 * force and the field says why, instead of silently clamping what the user typed.
 */
export function NumberField({ label, value, rule, step = 1, nullLabel, hint, onChange }: NumberFieldProps) {
  const errorId = useId();
  const hintId = useId();
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
    const problem = numberRuleProblem(rule, next.trim() === '' ? Number.NaN : Number(next));
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    onChange(Number(next));
  };

  return (
    <label className="number-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={rule.min}
        max={rule.max}
        step={step}
        value={text}
        placeholder={nullLabel}
        aria-invalid={error ? 'true' : undefined}
        // The hint sits inside the label, so the name is set explicitly; the hint describes the field instead.
        aria-label={hint ? label : undefined}
        aria-describedby={[error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => commit(event.target.value)}
      />
      {hint && (
        <span className="field-hint" id={hintId} title={hint.title}>
          {hint.text}
        </span>
      )}
      {error && (
        <span className="field-error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
