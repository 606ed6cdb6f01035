import { lazy, Suspense } from 'react';
import { afterStartup } from '../../shell/startup-gate.ts';
import type { CodeEditorProps } from './CodeEditor.tsx';

// After start-up's compiles, which it would otherwise slow down (see startup-gate.ts).
const CodeEditor = lazy(() => afterStartup().then(() => import('./CodeEditor.tsx')));

/** A Monaco editor that loads Monaco on first use and shows a placeholder meanwhile. */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
