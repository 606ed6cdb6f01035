import { trialShare, versionRows } from '../../../workspace/saved-versions.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { editor } from 'monaco-editor/editor';
import { useShallow } from 'zustand/react/shallow';
import { definitionOf, selectSelectedTool } from '../../../store/selectors.ts';
import type { RuntimeError } from '../../../store/runtime-error-watch.ts';
import type { SourceProblem } from '../../../session/runtime/tool-runtime.ts';
import type { EditorTab } from '../../../store/ui-slice.ts';
import type { EditorProblem } from '../../elements/monaco/editor-problem.ts';
import { toolModelPaths } from '../../elements/monaco/tool-paths.ts';
import { LazyCodeEditor } from '../../elements/monaco/LazyCodeEditor.tsx';
import { DefinitionView } from './DefinitionView.tsx';
import { ProblemsList, type LocatedProblem } from '../../elements/ProblemsList.tsx';
import { Tabs } from '../../elements/Tabs.tsx';
import { ToolSettingsForm } from './ToolSettingsForm.tsx';
import { lintProblems, pythonLintProblems, SETTINGS_FILE } from './lint-problems.ts';
import { directFetchWarning, findDirectFetchCalls } from '../../../sandbox/direct-fetch.ts';
import { useAppStore } from '../../store-context.tsx';
import { FaultsContainer } from '../faults/FaultsContainer.tsx';
import { VersionsContainer } from '../versions/VersionsContainer.tsx';
import { McpToolContainer } from '../mcp/McpToolContainer.tsx';
import { isMcpToolId } from '../../../mcp/index.ts';

type SourceFile = 'schema' | 'code';
const FILE_LABEL: Record<SourceFile, string> = { schema: 'Schema', code: 'Code' };

export function EditorContainer() {
  const tool = useAppStore(selectSelectedTool);
  const selectedToolId = useAppStore((state) => state.selectedToolId);
  const compilation = useAppStore((state) => (tool ? state.compilations[tool.id] : undefined));
  const runtimeError = useAppStore((state) => (tool ? state.runtimeErrors[tool.id] : undefined));
  const definition = useMemo(() => (tool ? definitionOf(tool, compilation) : null), [tool, compilation]);
  const canaryShare = useMemo(() => (tool?.traffic ? trialShare(versionRows(tool)) : null), [tool]);
  const { chosenTab, setTab, updateTool } = useAppStore(
    useShallow((state) => ({
      chosenTab: state.editorTab,
      setTab: state.setEditorTab,
      updateTool: state.updateTool,
    })),
  );
  // A Python tool has no Schema tab: its Code is shown instead.
  const tab: EditorTab = tool?.language === 'python' && chosenTab === 'schema' ? 'code' : chosenTab;
  // Language-service markers by model path: a tool's Schema keeps its markers while its Code is shown.
  const [markers, setMarkers] = useState<Record<string, EditorProblem[]>>({});
  const codeSource = tool?.codeSource;
  // Compile errors, and where the code last threw while running (as long as the code is the one that threw).
  const sandboxProblems = useMemo(
    () =>
      sandboxProblemsByFile(
        compilation?.problems ?? [],
        runtimeError?.codeSource === codeSource ? runtimeError : undefined,
        tool?.language === 'python'
          ? pythonLintProblems(tool, compilation?.parameters ?? null, compilation?.description)
          : directFetchWarnings(codeSource ?? ''),
      ),
    [compilation?.problems, compilation?.parameters, compilation?.description, runtimeError, codeSource, tool],
  );
  // The lints read a zod schema's places and the Settings description; a Python tool's are in its Code (above).
  const lints = useMemo(
    () => (tool && tool.language !== 'python' ? lintProblems(tool, compilation?.parameters ?? null) : []),
    [tool, compilation?.parameters],
  );
  // One Monaco editor for Schema and Code of every tool: switching swaps its model (as an IDE's tabs do),
  // which is far cheaper than building a new editor per tool and tab.
  const sourceEditorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const pendingReveal = useRef<LocatedProblem | null>(null);
  const sourceFile: SourceFile | null = tab === 'schema' || tab === 'code' ? tab : null;

  // Edits compile once the typing pauses: the session's compile queue waits for that (session/compile/).
  const toolId = tool?.id;

  // A problem in the other file was clicked: the editor now shows that file's model, so go to the problem.
  useEffect(() => {
    if (!pendingReveal.current || !sourceEditorRef.current || !sourceFile) return;
    revealIn(sourceEditorRef.current, pendingReveal.current);
    pendingReveal.current = null;
  }, [sourceFile, toolId]);

  if (isMcpToolId(selectedToolId)) return <McpToolContainer />;
  if (!tool) return <p className="empty-hint">Select a tool, or create one with New tool.</p>;

  // A Python tool is one module (its definition is read from the function): no Schema tab, Python colours.
  const python = tool.language === 'python';
  const modelPaths = toolModelPaths(tool.id);
  const paths = python ? { ...modelPaths, code: modelPaths.pythonCode } : modelPaths;
  const problemsIn = (file: SourceFile) => [...sandboxProblems[file], ...(markers[paths[file]] ?? [])];
  const problems: LocatedProblem[] = [
    ...(['schema', 'code'] as const).flatMap((file) => problemsIn(file).map((problem) => ({ ...problem, file: FILE_LABEL[file] }))),
    ...lints,
  ];
  const countFor = (file: SourceFile) => problemsIn(file).filter((problem) => problem.severity === 'error').length;

  const reveal = (problem: LocatedProblem) => {
    if (problem.file === SETTINGS_FILE) {
      setTab('settings');
      // The Settings tab renders on the next frame; then the description field takes the focus.
      requestAnimationFrame(() =>
        document.querySelector<HTMLTextAreaElement>('.tool-settings textarea[aria-label="Description"]')?.focus(),
      );
      return;
    }
    const file: SourceFile = problem.file === 'Schema' ? 'schema' : 'code';
    if (sourceFile === file && sourceEditorRef.current) revealIn(sourceEditorRef.current, problem);
    else {
      pendingReveal.current = problem;
      setTab(file);
    }
  };
  const onEditorMount = (instance: editor.IStandaloneCodeEditor) => {
    sourceEditorRef.current = instance;
    if (pendingReveal.current) revealIn(instance, pendingReveal.current);
    pendingReveal.current = null;
  };
  const badge = (count: number) =>
    count > 0 ? (
      <span className="badge error" aria-label={`${count} errors`}>
        {count}
      </span>
    ) : null;

  const sourceEditor = (file: SourceFile) => (
    <LazyCodeEditor
      ariaLabel={`${FILE_LABEL[file]} editor`}
      path={paths[file]}
      language={python ? 'python' : 'typescript'}
      toolId={python ? null : tool.id}
      value={file === 'schema' ? tool.schemaSource : tool.codeSource}
      onChange={(value) => updateTool(tool.id, file === 'schema' ? { schemaSource: value } : { codeSource: value })}
      problems={sandboxProblems[file]}
      onMarkersChange={(next) => setMarkers((previous) => ({ ...previous, [paths[file]]: next }))}
      onMount={onEditorMount}
      relatedSources={file === 'code' && !python ? [{ path: paths.schema, value: tool.schemaSource }] : undefined}
    />
  );

  return (
    <div className="editor-area">
      <Tabs<EditorTab>
        label="Tool source"
        active={tab}
        onChange={setTab}
        tabs={[
          ...(python ? [] : [{ key: 'schema' as const, label: 'Schema', badge: badge(countFor('schema')) }]),
          { key: 'code', label: python ? 'Code (Python)' : 'Code', badge: badge(countFor('code')) },
          { key: 'definition', label: 'Definition' },
          { key: 'settings', label: 'Settings' },
          {
            key: 'versions',
            label: 'Versions',
            badge:
              canaryShare === null ? null : (
                <span className="badge" aria-label={`canary ${tool.version ?? ''} at ${Math.round(canaryShare * 100)}%`}>
                  {Math.round(canaryShare * 100)}%
                </span>
              ),
          },
        ]}
      >
        {sourceFile && sourceEditor(sourceFile)}
        {tab === 'definition' && <DefinitionView definition={definition} stale={compilation?.status === 'errors'} />}
        {tab === 'settings' && (
          <div className="settings-stack">
            <ToolSettingsForm tool={tool} onChange={(patch) => updateTool(tool.id, patch)} />
            <FaultsContainer />
          </div>
        )}
        {tab === 'versions' && <VersionsContainer />}
      </Tabs>
      <ProblemsList problems={problems} onReveal={reveal} />
    </div>
  );
}

function sandboxProblemsByFile(
  problems: readonly SourceProblem[],
  runtimeError: RuntimeError | undefined,
  codeWarnings: readonly EditorProblem[],
): Record<SourceFile, EditorProblem[]> {
  const inFile = (file: SourceFile): EditorProblem[] =>
    problems
      .filter((problem) => problem.file === file)
      .map((problem) => ({ line: problem.line, column: problem.column, message: problem.message, severity: 'error', source: 'sandbox' }));
  const thrown: EditorProblem[] = runtimeError
    ? [
        {
          line: runtimeError.line,
          column: runtimeError.column,
          message: `Threw when it ran: ${runtimeError.message}`,
          severity: 'error',
          source: 'runtime',
        },
      ]
    : [];
  return { schema: inFile('schema'), code: [...inFile('code'), ...thrown, ...codeWarnings] };
}

/** Where the code calls the global fetch, which the sandbox blocks: warned as it is typed, before any run. */
function directFetchWarnings(code: string): EditorProblem[] {
  return findDirectFetchCalls(code).map(({ line, column }) => ({
    line,
    column,
    message: directFetchWarning,
    severity: 'warning',
    source: 'sandbox',
  }));
}

function revealIn(target: editor.IStandaloneCodeEditor, problem: EditorProblem) {
  // A lint that could not be placed on a line (line 0) only opens its tab.
  if (problem.line < 1) return target.focus();
  target.revealLineInCenter(problem.line);
  target.setPosition({ lineNumber: problem.line, column: problem.column });
  target.focus();
}
