// The one Monaco wrapper every editor in the app goes through. Imported lazily (see LazyCodeEditor),
// so the first paint never waits for Monaco's ~1 MB chunk.
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { json, monaco, typescript } from './setup-monaco.ts';
import { applyToolTypeEnvironment } from './tool-type-environment.ts';
import { toolIdOfPath } from './tool-paths.ts';
import { useColorScheme } from '../use-color-scheme.ts';
import type { EditorProblem } from './editor-problem.ts';
import { hoverSafeSchema } from './hover-safe-schema.ts';

/** The JSON schema of each mounted JSON editor, by model path. */
const jsonSchemas = new Map<string, unknown>();

export interface CodeEditorProps {
  /** Accessible name of the editor's text area, e.g. "Code editor". */
  ariaLabel: string;
  /** Monaco model path; its extension picks the language service (".ts", ".json"). */
  path: string;
  /** 'typescript-preview': colours only, no type checking (for read-only generated code); 'python': colours only. */
  language: 'typescript' | 'json' | 'typescript-preview' | 'python';
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** Problems found outside Monaco (sandbox compile/run errors, validation issues), shown as markers. */
  problems?: EditorProblem[];
  /**
   * The problems Monaco's language services found (TypeScript, JSON), each time that list changes. The
   * `problems` passed in are not echoed back: the caller has them already.
   */
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

/** What was last set on each model by this app, so an unchanged list is never set again. */
const appliedProblems = new WeakMap<object, string>();

/**
 * Sets the app's own markers on the model at `path`, only when they differ from what is there: every
 * set fires Monaco's onDidChangeMarkers, and a set on each render once fed a loop that froze the tab.
 */
function applyProblems(path: string, problems: EditorProblem[] | undefined) {
  const model = monaco.editor.getModel(monaco.Uri.parse(path));
  if (!model) return;
  const key = JSON.stringify(problems ?? []);
  if (appliedProblems.get(model) === key) return;
  appliedProblems.set(model, key);
  performance.mark('toolscope:markers');
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

/** Markers the editor's language services found (TypeScript, JSON); the app's own are not reported back. */
function languageServiceProblems(path: string): EditorProblem[] {
  return monaco.editor
    .getModelMarkers({ resource: monaco.Uri.parse(path) })
    .filter((marker) => marker.owner !== OWNER)
    .map((marker) => ({
      line: marker.startLineNumber,
      column: marker.startColumn,
      message: marker.message,
      severity: marker.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
      source: marker.owner === 'json' ? 'JSON' : 'TypeScript',
    }));
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

  // `Input` is one global type, so TypeScript can only check the selected tool's sources correctly: a
  // change of tool re-checks every model under the new tool's `Input`, and the kept models of other tools
  // once came back with a dozen bogus errors. So the environment is set in a layout effect (before the
  // editor's own effects swap in the new model), and the other tools' TypeScript models are dropped once
  // the swap is done (their text lives in the store; Monaco's undo history for them goes with them).
  useLayoutEffect(() => {
    if (toolId !== undefined) applyToolTypeEnvironment(typescript, toolId);
  }, [toolId]);
  useEffect(() => {
    if (toolId === undefined) return;
    for (const model of monaco.editor.getModels()) {
      const owner = toolIdOfPath(model.uri.toString());
      if (owner && owner !== toolId && model.getLanguageId() === 'typescript') model.dispose();
    }
  }, [toolId]);

  // Compared by content: callers pass a fresh array on each render.
  const relatedKey = JSON.stringify(relatedSources ?? []);
  useLayoutEffect(() => {
    for (const related of JSON.parse(relatedKey) as { path: string; value: string }[]) {
      const uri = monaco.Uri.parse(related.path);
      const model = monaco.editor.getModel(uri);
      if (!model) monaco.editor.createModel(related.value, 'typescript', uri);
      else if (model.getValue() !== related.value) model.setValue(related.value);
    }
  }, [relatedKey]);

  useEffect(() => {
    if (jsonSchema === undefined) return;
    // Monaco keeps one list of JSON schemas for every editor: two JSON editors (a scenario and its
    // expectations) must each keep theirs, so the list is rebuilt from every mounted editor's schema.
    const setSchemas = () =>
      json.jsonDefaults.setDiagnosticsOptions({
        validate: true,
        allowComments: false,
        schemas: [...jsonSchemas].map(([file, schema]) => ({ uri: `${file}.schema.json`, fileMatch: [file], schema })),
      });
    jsonSchemas.set(path, hoverSafeSchema(jsonSchema));
    setSchemas();
    return () => {
      jsonSchemas.delete(path);
      setSchemas();
    };
  }, [path, jsonSchema]);

  useEffect(() => {
    let reported = '';
    const report = () => {
      const current = languageServiceProblems(path);
      const key = JSON.stringify(current);
      if (key === reported) return;
      reported = key;
      callbacks.current.onMarkersChange?.(current);
    };
    const uri = monaco.Uri.parse(path).toString();
    const subscription = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((changed) => changed.toString() === uri)) report();
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
