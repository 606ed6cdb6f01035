import { useShallow } from 'zustand/react/shallow';
import { formatForModel } from '../../core/index.ts';
import { brokenArguments, sampleValue } from '../../store/arguments/sample-arguments.ts';
import { selectSelectedTool } from '../../store/selectors.ts';
import { LazyCodeEditor } from '../monaco/LazyCodeEditor.tsx';
import { toolModelPaths } from '../monaco/tool-paths.ts';
import { CallResultView } from '../panels/CallResultView.tsx';
import { issueProblems } from './issue-problems.ts';
import { useAppStore } from './store-context.tsx';
import { McpTestCallContainer } from './McpTestCallContainer.tsx';
import { isMcpToolId } from '../../mcp/index.ts';

export function TestCallContainer() {
  const tool = useAppStore(selectSelectedTool);
  const selectedToolId = useAppStore((state) => state.selectedToolId);
  const parameters = useAppStore((state) => (tool ? (state.compilations[tool.id]?.parameters ?? null) : null));
  const testCall = useAppStore((state) => (tool ? state.testCalls[tool.id] : undefined));
  const { updateTool, runTestCall } = useAppStore(
    useShallow((state) => ({ updateTool: state.updateTool, runTestCall: state.runTestCall })),
  );
  if (isMcpToolId(selectedToolId)) return <McpTestCallContainer />;
  if (!tool) return null;

  const result = testCall?.result ?? null;
  const setArguments = (value: unknown) => updateTool(tool.id, { argumentsText: JSON.stringify(value, null, 2) });
  const run = () => void runTestCall(tool.id);
  const runLastGood = () => void runTestCall(tool.id, { lastGood: true });
  return (
    <div className="test-call">
      <div className="toolbar" role="toolbar" aria-label="Test call">
        <button type="button" className="primary" onClick={run} disabled={testCall?.running} title="Ctrl/Cmd+Enter">
          Run call
        </button>
        <button type="button" disabled={!parameters} onClick={() => parameters && setArguments(sampleValue(parameters))}>
          Generate sample arguments
        </button>
        <button
          type="button"
          disabled={!parameters}
          onClick={() => parameters && setArguments(brokenArguments(parameters))}
          title="Produce arguments that fail validation, to see what the model would read"
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
          onChange={(argumentsText) => updateTool(tool.id, { argumentsText })}
          problems={result?.error?.kind === 'invalid_arguments' ? issueProblems(tool.argumentsText, result.error.issues ?? []) : []}
          onRun={run}
        />
      </div>
      <div className="test-call-output">
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
          provenance={
            testCall?.ranLastGood ? 'Ran the last good version: the editors have an error, so this is not the code on screen.' : null
          }
        />
      </div>
    </div>
  );
}
