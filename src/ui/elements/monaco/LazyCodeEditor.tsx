import { lazy, Suspense } from 'react';
import { afterStartup } from '../../shell/startup-gate.ts';
import type { CodeEditorProps } from './CodeEditor.tsx';
import { beyondEditor } from './editor-capacity.ts';

// After start-up's compiles, which it would otherwise slow down (see startup-gate.ts).
const CodeEditor = lazy(() => afterStartup().then(() => import('./CodeEditor.tsx')));

/**
 * A Monaco editor that loads Monaco on first use and shows a placeholder meanwhile. Text Monaco cannot
 * take on the main thread (editor-capacity.ts) is shown as plain, still editable, text instead.
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  const tooMuch = beyondEditor(props.value);
  if (tooMuch) {
    return (
      <div className="editor-plain">
        <p className="hint">Shown as plain text, without highlighting or checks: {tooMuch}, more than the code editor takes.</p>
        <textarea
          aria-label={props.ariaLabel}
          value={props.value}
          readOnly={props.readOnly}
          spellCheck={false}
          onChange={(event) => props.onChange?.(event.target.value)}
        />
      </div>
    );
  }
  return (
    <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
