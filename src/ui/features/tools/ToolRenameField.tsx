import { useId, useRef, useState } from 'react';
import type { Result } from '../../../core/index.ts';

interface ToolRenameFieldProps {
  /** Accessible name of the field. */
  label?: string;
  initialName: string;
  /** Leaving the field with the name unchanged cancels (a rename); off for a new tool, where it creates. */
  cancelOnBlurWhenUnchanged?: boolean;
  /** Returns the validation outcome; the field stays open and shows the message on failure. */
  onSubmit(name: string): Result;
  onCancel(): void;
}

export function ToolRenameField({
  label = 'Tool name',
  initialName,
  cancelOnBlurWhenUnchanged = true,
  onSubmit,
  onCancel,
}: ToolRenameFieldProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // Enter or Escape ends the field; the blur that follows as it goes away must not submit again.
  const finished = useRef(false);
  const submit = () => {
    if (finished.current) return;
    const check = onSubmit(name.trim());
    finished.current = check.ok;
    setError(check.ok ? null : check.message);
  };
  const cancel = () => {
    finished.current = true;
    onCancel();
  };
  return (
    <span className="rename-field">
      <input
        aria-label={label}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? errorId : undefined}
        value={name}
        autoFocus
        onFocus={(event) => event.target.select()}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
          if (event.key === 'Escape') cancel();
        }}
        onBlur={() => (finished.current ? undefined : cancelOnBlurWhenUnchanged && name.trim() === initialName ? cancel() : submit())}
      />
      {error && (
        <span id={errorId} role="alert" className="field-error">
          {error}
        </span>
      )}
    </span>
  );
}
