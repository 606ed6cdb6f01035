// The one Monaco wrapper every editor in the app goes through. Imported lazily (see LazyCodeEditor),
// so the first paint never waits for Monaco's ~1 MB chunk.
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { json, monaco, typescript } from './setup-monaco.ts';
import { applyToolTypeEnvironment } from './tool-type-environment.ts';
import { useColorScheme } from '../use-color-scheme.ts';
import type { EditorProblem } from './editor-problem.ts';

export interface CodeEditorProps {
  /** Accessible name of the editor's text area, e.g. "Code editor". */
  ariaLabel: string;
  /** Monaco model path; its extension picks the language service (".ts", ".json"). */
  path: string;
  language: 'typescript' | 'json';
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** Problems found outside Monaco (sandbox compile/run errors, validation issues), shown as markers. */
  problems?: EditorProblem[];
  /** Every marker on the model (Monaco's own diagnostics included), for a problems list. */
  onMarkersChange?: (problems: EditorProblem[]) => void;
  /** Set on the tool editors: the global `Input` type then follows this tool's schema. */
  toolId?: string | null;
  /**
   * Other files this one imports, kept as Monaco models even while their own editor is closed (the code
   * editor needs the schema's model for its `Input` type).
   */
  relatedSources?: { path: string; value: string }[];
  /** For JSON editors: validate and complete against this JSON Schema. */
  jsonSchema?: unknown;
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun?: () => void;
  onMount?: OnMount;
}

const OWNER = 'toolscope';

const toSeverity = (severity: EditorProblem['severity']) =>
  severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error;

function applyProblems(path: string, problems: EditorProblem[] | undefined) {
  const model = monaco.editor.getModel(monaco.Uri.parse(path));
  if (!model) return;
  const lastLine = model.getLineCount();
  monaco.editor.setModelMarkers(
    model,
    OWNER,
    (problems ?? []).map((problem) => {
      const line = Math.min(Math.max(problem.line, 1), lastLine);
      return {
        startLineNumber: line,
        startColumn: problem.column,
        endLineNumber: Math.min(problem.endLine ?? line, lastLine),
        endColumn: problem.endColumn ?? model.getLineMaxColumn(line),
        message: problem.message,
        severity: toSeverity(problem.severity),
        source: problem.source,
      };
    }),
  );
}

export default function CodeEditor(props: CodeEditorProps) {
  const {
    ariaLabel,
    path,
    language,
    value,
    onChange,
    readOnly,
    problems,
    onMarkersChange,
    onRun,
    onMount,
    toolId,
    jsonSchema,
    relatedSources,
  } = props;
  const scheme = useColorScheme();
  const callbacks = useRef({ onRun, onMarkersChange });
  useEffect(() => {
    callbacks.current = { onRun, onMarkersChange };
  });

  const problemsRef = useRef(problems);
  useEffect(() => {
    problemsRef.current = problems;
    applyProblems(path, problems);
  }, [path, problems]);

  useEffect(() => {
    if (toolId !== undefined) applyToolTypeEnvironment(typescript, toolId);
  }, [toolId]);

  useEffect(() => {
    for (const related of relatedSources ?? []) {
      const uri = monaco.Uri.parse(related.path);
      const model = monaco.editor.getModel(uri);
      if (!model) monaco.editor.createModel(related.value, 'typescript', uri);
      else if (model.getValue() !== related.value) model.setValue(related.value);
    }
  }, [relatedSources]);

  useEffect(() => {
    if (jsonSchema === undefined) return;
    json.jsonDefaults.setDiagnosticsOptions({
      validate: true,
      allowComments: false,
      schemas: [{ uri: `${path}.schema.json`, fileMatch: [path], schema: jsonSchema }],
    });
  }, [path, jsonSchema]);

  useEffect(() => {
    const report = () => {
      const uri = monaco.Uri.parse(path);
      const markers = monaco.editor.getModelMarkers({ resource: uri });
      callbacks.current.onMarkersChange?.(
        markers.map((marker) => ({
          line: marker.startLineNumber,
          column: marker.startColumn,
          message: marker.message,
          severity: marker.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
          source: marker.owner === OWNER ? (marker.source ?? 'sandbox') : 'TypeScript',
        })),
      );
    };
    const subscription = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((uri) => uri.toString() === monaco.Uri.parse(path).toString())) report();
    });
    report();
    return () => subscription.dispose();
  }, [path]);

  const handleMount: OnMount = (editor, monacoInstance) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => callbacks.current.onRun?.());
    // The model did not exist when the problems first arrived.
    applyProblems(path, problemsRef.current);
    onMount?.(editor, monacoInstance);
  };

  return (
    <Editor
      path={path}
      language={language}
      value={value}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      onChange={(next) => onChange?.(next ?? '')}
      onMount={handleMount}
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
      keepCurrentModel
    />
  );
}
