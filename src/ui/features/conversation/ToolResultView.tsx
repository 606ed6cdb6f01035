interface ToolResultViewProps {
  name: string;
  /** Exactly what the model read. */
  content: string;
  /** Start folded whatever the length (presenter mode's narrow strip). */
  folded?: boolean;
}

/** Results longer than this many lines start folded. */
const foldAfterLines = 12;

/** JSON text indented for reading; anything else (plain text, truncated JSON) as it is. */
export function prettyJson(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? JSON.stringify(value, null, 2) : null;
  } catch {
    return null;
  }
}

/**
 * A tool message: its exact text on one line (what the model read), and below it the same result
 * indented, which folds away. Plain text results are shown as they are.
 */
export function ToolResultView({ name, content, folded = false }: ToolResultViewProps) {
  const pretty = prettyJson(content);
  const verbatim = (
    <code className="tool-result-text" aria-label={`Result of ${name} sent to the model`}>
      {content}
    </code>
  );
  if (pretty === null)
    return (
      <pre className="tool-result-plain" tabIndex={0}>
        {verbatim}
      </pre>
    );
  return (
    <details className="tool-result" open={!folded && pretty.split('\n').length <= foldAfterLines}>
      <summary title="Show or hide the result indented">{verbatim}</summary>
      {/* Focusable: a long result scrolls, and keyboard users must be able to scroll it too. */}
      <pre tabIndex={0} aria-label={`Result of ${name}, indented`}>
        {pretty}
      </pre>
    </details>
  );
}
