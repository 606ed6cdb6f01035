import { useState } from 'react';
// Not from sandbox/index.ts: that would pull the whole sandbox (sucrase, zod) into the first load.
import { normalizeOrigin } from '../../../sandbox/fetch-allowlist.ts';

interface AllowlistFieldProps {
  origins: readonly string[];
  onChange(origins: string[]): void;
}

/**
 * Origins a sandboxed tool may reach through ctx.fetch, one per line. Lines that are not an http(s)
 * origin are pointed out and not applied, so a typo never silently opens (or closes) the network.
 */
export function AllowlistField({ origins, onChange }: AllowlistFieldProps) {
  const [text, setText] = useState(origins.join('\n'));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [shownOrigins, setShownOrigins] = useState(origins);
  if (origins !== shownOrigins) {
    setShownOrigins(origins);
    setText(origins.join('\n'));
    setInvalid([]);
  }
  const commit = (next: string) => {
    setText(next);
    const lines = next
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const bad = lines.filter((line) => !normalizeOrigin(line));
    setInvalid(bad);
    if (bad.length === 0) onChange([...new Set(lines.map((line) => normalizeOrigin(line) as string))]);
  };
  return (
    <label className="stacked">
      <span>Network allowlist (origins tools may fetch; empty = no network)</span>
      <textarea
        aria-label="Network allowlist"
        rows={2}
        placeholder="https://api.example.com"
        value={text}
        aria-invalid={invalid.length > 0 ? 'true' : undefined}
        onChange={(event) => commit(event.target.value)}
      />
      {invalid.length > 0 && <span className="field-error">Not an http(s) origin: {invalid.join(', ')}</span>}
    </label>
  );
}
