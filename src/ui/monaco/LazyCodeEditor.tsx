import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor.tsx';

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

/** A Monaco editor that loads Monaco on first use and shows a placeholder meanwhile. */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
