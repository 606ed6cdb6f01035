interface IgnoredKeysNoticeProps {
  /** Paths of argument keys the schema does not know (`units`, `options.verbose`). */
  keys: readonly string[];
}

/**
 * Says which keys of the arguments had no effect: a plain z.object drops unknown keys, so without this
 * a model's invented argument would vanish without a trace (issue 12).
 */
export function IgnoredKeysNotice({ keys }: IgnoredKeysNoticeProps) {
  if (keys.length === 0) return null;
  return (
    <div className="ignored-keys" role="note" aria-label="Ignored keys">
      <p>
        {keys.length === 1 ? 'This key is' : `These ${keys.length} keys are`} not in the schema and had no effect (the call ran without{' '}
        {keys.length === 1 ? 'it' : 'them'}):
      </p>
      <ul>
        {keys.map((path) => (
          <li key={path}>
            <code>{path}</code>
          </li>
        ))}
      </ul>
      <p className="hint">Use a strict object (z.strictObject) to reject such keys instead.</p>
    </div>
  );
}
