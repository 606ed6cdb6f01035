import { useState } from 'react';

interface ToolRenameFieldProps {
  initialName: string;
  /** Returns the validation outcome; the field stays open and shows the message on failure. */
  onSubmit(name: string): { ok: true } | { ok: false; message: string };
  onCancel(): void;
}

export function ToolRenameField({ initialName, onSubmit, onCancel }: ToolRenameFieldProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const check = onSubmit(name.trim());
    setError(check.ok ? null : check.message);
  };
  return (
    <span className="rename-field">
      <input
        aria-label="Tool name"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'rename-error' : undefined}
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
          if (event.key === 'Escape') onCancel();
        }}
        onBlur={() => (name.trim() === initialName ? onCancel() : submit())}
      />
      {error && (
        <span id="rename-error" role="alert" className="field-error">
          {error}
        </span>
      )}
    </span>
  );
}
