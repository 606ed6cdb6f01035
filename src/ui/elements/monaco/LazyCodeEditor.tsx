import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { afterStartup } from '../../shell/startup-gate.ts';
import type { CodeEditorProps } from './CodeEditor.tsx';
import { beyondEditor } from './editor-capacity.ts';
import { loadCodeEditor } from './load-monaco.ts';
import { requestEditorTurn } from './editor-turns.ts';

// After start-up's compiles, which it would otherwise slow down (see startup-gate.ts); Monaco in stages (load-monaco.ts).
const editorModule = () => afterStartup().then(loadCodeEditor);
const CodeEditor = lazy(editorModule);

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
  return <EditorInTurn {...props} />;
}

const placeholder = <div className="editor-loading">Loading editor…</div>;

/** Monaco's editor, created when its turn comes (editor-turns.ts: one editor per task). */
function EditorInTurn(props: CodeEditorProps) {
  const [inTurn, setInTurn] = useState(false);
  const turn = useRef<ReturnType<typeof requestEditorTurn> | null>(null);
  useEffect(() => {
    let mounted = true;
    // In the queue once Monaco is in: the turn is for building the editor, not for waiting on its script.
    void editorModule().then(() => {
      if (mounted) turn.current = requestEditorTurn(() => setInTurn(true));
    });
    return () => {
      mounted = false;
      turn.current?.cancel();
    };
  }, []);
  if (!inTurn) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CodeEditor
        {...props}
        onMount={(editor, monaco) => {
          turn.current?.done();
          props.onMount?.(editor, monaco);
        }}
      />
    </Suspense>
  );
}
