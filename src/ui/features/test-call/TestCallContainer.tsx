import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatForModel } from '../../../core/index.ts';
import { brokenArguments, sampleValue, staleArgumentFields } from '../../../store/arguments/sample-arguments.ts';
import { selectSelectedTool } from '../../../store/selectors.ts';
import { schemaCompiled, sourcesKey } from '../../../session/compile/compile-status.ts';
import type { TestCallState } from '../../../store/run-slice.ts';
import { LazyCodeEditor } from '../../elements/monaco/LazyCodeEditor.tsx';
import { toolModelPaths } from '../../elements/monaco/tool-paths.ts';
import { CallResultView } from './CallResultView.tsx';
import { issueProblems } from './issue-problems.ts';
import { useAppStore } from '../../store-context.tsx';
import { McpTestCallContainer } from '../mcp/McpTestCallContainer.tsx';
import { isMcpToolId } from '../../../mcp/index.ts';

/**
 * What a result from the last good version says about itself: nothing once the editors show that very
 * version again; otherwise whether the code on screen has an error, or was changed since (issue 12).
 */
function lastGoodNote(testCall: TestCallState | undefined, onScreen: string, editorsHaveErrors: boolean): string | null {
  if (!testCall?.ranLastGood || testCall.ranSources === onScreen) return null;
  return editorsHaveErrors
    ? 'Ran the last good version: the editors have an error, so this is not the code on screen.'
    : 'Ran the last good version, not the code on screen now: Run call to run what the editors show.';
}

const waitingForSchema = 'Waiting for the schema on screen to compile (or for its errors to be fixed)';

export function TestCallContainer() {
  const tool = useAppStore(selectSelectedTool);
  const selectedToolId = useAppStore((state) => state.selectedToolId);
  // Sample arguments come from the schema on screen only: while an edit of it compiles, the parameters on
  // record are the previous schema's, and arguments made from them would fail the new one.
  const parameters = useAppStore((state) =>
    tool && schemaCompiled(state.compilations[tool.id], tool.schemaSource) ? (state.compilations[tool.id]?.parameters ?? null) : null,
  );
  const testCall = useAppStore((state) => (tool ? state.testCalls[tool.id] : undefined));
  const { updateTool, runTestCall } = useAppStore(
    useShallow((state) => ({ updateTool: state.updateTool, runTestCall: state.runTestCall })),
  );
  // The schema source the arguments were last written (or generated) for: after an edit of the schema
  // they may no longer fit, and the panel offers new ones. The schema on screen when the tool is first
  // shown counts as theirs. Checked once the edited schema has compiled, against what it compiled to.
  const compiled = useAppStore((state) => (tool ? state.compilations[tool.id]?.status === 'valid' : false));
  const editorsHaveErrors = useAppStore((state) => (tool ? state.compilations[tool.id]?.status === 'errors' : false));
  const schemaSource = tool?.schemaSource ?? null;
  const [writtenFor, setWrittenFor] = useState<{ toolId: string | null; schemaSource: string | null }>({
    toolId: null,
    schemaSource: null,
  });
  if (tool && writtenFor.toolId !== tool.id) setWrittenFor({ toolId: tool.id, schemaSource });
  if (isMcpToolId(selectedToolId)) return <McpTestCallContainer />;
  if (!tool) return null;

  const result = testCall?.result ?? null;
  const stale =
    parameters && compiled && writtenFor.toolId === tool.id && writtenFor.schemaSource !== schemaSource
      ? staleArgumentFields(tool.argumentsText, parameters)
      : [];
  const setArguments = (value: unknown) => {
    setWrittenFor({ toolId: tool.id, schemaSource });
    updateTool(tool.id, { argumentsText: JSON.stringify(value, null, 2) });
  };
  const run = () => void runTestCall(tool.id);
  const runLastGood = () => void runTestCall(tool.id, { lastGood: true });
  return (
    <div className="test-call">
      <div className="toolbar" role="toolbar" aria-label="Test call">
        <button type="button" className="primary" onClick={run} disabled={testCall?.running} title="Ctrl/Cmd+Enter">
          Run call
        </button>
        <button
          type="button"
          disabled={!parameters}
          onClick={() => parameters && setArguments(sampleValue(parameters))}
          title={parameters ? undefined : waitingForSchema}
        >
          Generate sample arguments
        </button>
        <button
          type="button"
          disabled={!parameters}
          onClick={() => parameters && setArguments(brokenArguments(parameters))}
          title={parameters ? 'Produce arguments that fail validation, to see what the model would read' : waitingForSchema}
        >
          Break them
        </button>
      </div>
      <div className="arguments-editor">
        <LazyCodeEditor
          ariaLabel="Arguments editor"
          path={toolModelPaths(tool.id).arguments}
          language="json"
          value={tool.argumentsText}
          jsonSchema={parameters ?? undefined}
          onChange={(argumentsText) => {
            setWrittenFor({ toolId: tool.id, schemaSource });
            updateTool(tool.id, { argumentsText });
          }}
          problems={
            result?.status === 'error' && result.error.kind === 'invalid_arguments'
              ? issueProblems(tool.argumentsText, result.error.issues ?? [])
              : []
          }
          onRun={run}
        />
      </div>
      <div className="test-call-output">
        {stale.length > 0 && parameters && (
          <p className="stale-arguments" role="status">
            The schema changed: these arguments no longer fit ({stale.join(', ')}).{' '}
            <button type="button" onClick={() => setArguments(sampleValue(parameters))}>
              Regenerate
            </button>
          </p>
        )}
        {testCall?.blocked && (
          <div className="run-error" role="alert">
            <p>{testCall.blocked.reason}</p>
            {testCall.blocked.canRunLastGood && (
              <button type="button" onClick={runLastGood}>
                Run last good version
              </button>
            )}
          </div>
        )}
        {testCall?.error && (
          <p className="run-error" role="alert">
            {testCall.error}
          </p>
        )}
        <CallResultView
          result={testCall?.blocked || testCall?.error ? null : result}
          running={testCall?.running ?? false}
          modelText={result ? formatForModel(result) : null}
          provenance={lastGoodNote(testCall, sourcesKey(tool.schemaSource, tool.codeSource), editorsHaveErrors)}
        />
      </div>
    </div>
  );
}
