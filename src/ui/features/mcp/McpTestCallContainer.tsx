import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatForModel, type JsonSchemaObject } from '../../../core/index.ts';
import { brokenArguments, sampleValue } from '../../../store/arguments/sample-arguments.ts';
import { mcpArgumentsText } from '../../../store/mcp-slice.ts';
import { LazyCodeEditor } from '../../elements/monaco/LazyCodeEditor.tsx';
import { toolModelPaths } from '../../elements/monaco/tool-paths.ts';
import { CallResultView } from '../test-call/CallResultView.tsx';
import { issueProblems } from '../test-call/issue-problems.ts';
import { useAppStore } from '../../store-context.tsx';
import { McpContentView, mcpContentOf } from './McpContentView.tsx';

/** Test call of an MCP tool: arguments checked against its inputSchema, then the real call to the server. */
export function McpTestCallContainer() {
  const tool = useAppStore((state) => state.mcpTools.find((candidate) => candidate.id === state.selectedToolId));
  const argumentsText = useAppStore((state) => (tool ? mcpArgumentsText(state, tool) : ''));
  // Which button ran the result on screen: a raw send says so above the result.
  const [sentUnvalidated, setSentUnvalidated] = useState(false);
  const testCall = useAppStore((state) => (state.selectedToolId ? state.testCalls[state.selectedToolId] : undefined));
  const { setArgumentsText, runTestCall, stopRun } = useAppStore(
    useShallow((state) => ({ setArgumentsText: state.setMcpArguments, runTestCall: state.runTestCall, stopRun: state.stopRun })),
  );
  // Its server went away (a Disconnect mid-call): the last call's outcome stays readable.
  if (!tool)
    return (
      <div className="test-call-output">
        <p className="hint">This tool&apos;s server is not connected.</p>
        {testCall?.error && (
          <p className="run-error" role="alert">
            {testCall.error}
          </p>
        )}
        <CallResultView result={testCall?.result ?? null} running={testCall?.running ?? false} modelText={testCall?.modelText ?? null} />
      </div>
    );
  const parameters = tool.tool ? (tool.definition.inputSchema as JsonSchemaObject) : null;
  const result = testCall?.result ?? null;
  const blocks = mcpContentOf(result);
  const setArguments = (value: unknown) => setArgumentsText(tool.id, JSON.stringify(value, null, 2));
  const run = () => (setSentUnvalidated(false), void runTestCall(tool.id));
  const runUnvalidated = () => (setSentUnvalidated(true), void runTestCall(tool.id, { unvalidated: true }));
  return (
    <div className="test-call">
      <div className="toolbar" role="toolbar" aria-label="Test call">
        <button type="button" className="primary" onClick={run} disabled={testCall?.running || !parameters} title="Ctrl/Cmd+Enter">
          Run call
        </button>
        <button
          type="button"
          onClick={runUnvalidated}
          disabled={testCall?.running || !parameters}
          title="Skips the check against the inputSchema: the server answers arguments it forbids itself (JSON-RPC -32602)"
        >
          Send without validating
        </button>
        {testCall?.running && (
          <button type="button" onClick={stopRun}>
            Stop
          </button>
        )}
        <button type="button" disabled={!parameters} onClick={() => parameters && setArguments(sampleValue(parameters))}>
          Generate sample arguments
        </button>
        <button type="button" disabled={!parameters} onClick={() => parameters && setArguments(brokenArguments(parameters))}>
          Break them
        </button>
        <span className="hint">Calls {tool.serverLabel} for real.</span>
      </div>
      <div className="arguments-editor">
        <LazyCodeEditor
          ariaLabel="Arguments editor"
          path={toolModelPaths(tool.id.replace(/[^a-zA-Z0-9_-]/g, '_')).arguments}
          language="json"
          value={argumentsText}
          jsonSchema={parameters ?? undefined}
          onChange={(text) => setArgumentsText(tool.id, text)}
          problems={
            result?.status === 'error' && result.error.kind === 'invalid_arguments'
              ? issueProblems(argumentsText, result.error.issues ?? [])
              : []
          }
          onRun={run}
        />
      </div>
      <div className="test-call-output">
        {(testCall?.blocked || testCall?.error) && (
          <p className="run-error" role="alert">
            {testCall.blocked?.reason ?? testCall.error}
          </p>
        )}
        <CallResultView
          result={testCall?.blocked || testCall?.error ? null : result}
          running={testCall?.running ?? false}
          modelText={result ? formatForModel(result) : null}
          content={blocks && <McpContentView blocks={blocks} />}
          provenance={
            sentUnvalidated
              ? 'Sent without validating: the arguments went to the server as typed, unchecked against its inputSchema.'
              : null
          }
        />
      </div>
    </div>
  );
}
