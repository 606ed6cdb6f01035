// The one Monaco wrapper every editor in the app goes through. Imported lazily (see LazyCodeEditor),
// so the first paint never waits for Monaco's ~1 MB chunk.
import Editor, { type OnMount } from '@monaco-editor/react';
import './setup-monaco.ts';
import { useColorScheme } from '../use-color-scheme.ts';

export interface CodeEditorProps {
  /** Accessible name of the editor's text area, e.g. "Code editor". */
  ariaLabel: string;
  /** Monaco model path; its extension picks the language service (".ts", ".json"). */
  path: string;
  language: 'typescript' | 'json';
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  onMount?: OnMount;
}

export default function CodeEditor({ ariaLabel, path, language, value, onChange, readOnly, onMount }: CodeEditorProps) {
  const scheme = useColorScheme();
  return (
    <Editor
      path={path}
      language={language}
      value={value}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      onChange={(next) => onChange?.(next ?? '')}
      onMount={onMount}
      loading={<div className="editor-loading">Loading editor…</div>}
      options={{
        ariaLabel,
        readOnly,
        minimap: { enabled: false },
        fontSize: 13,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        tabSize: 2,
        fixedOverflowWidgets: true,
      }}
    />
  );
}
