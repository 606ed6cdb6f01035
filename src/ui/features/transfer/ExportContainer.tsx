import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ToolDefinition } from '../../../core/index.ts';
import { messageOf } from '../../../core/index.ts';
import { definitionOf } from '../../../store/selectors.ts';
import type { GeneratedCode, ProjectFlavour } from '../../../tool-export/index.ts';
import { exportCode, languageMismatch, loadProjectZipper } from '../../../tool-export/transfer.ts';
import { ExportDialog, type ExportChoice, type ExportScope } from './ExportDialog.tsx';
import { downloadFile } from '../../elements/download-file.ts';
import { exportLints, projectToolsOf, type ArgumentVerdict } from './export-model.ts';
import { useAppStore } from '../../store-context.tsx';

const mimeTypes: Record<GeneratedCode['language'], string> = {
  json: 'application/json',
  typescript: 'text/typescript',
  python: 'text/x-python',
};
const mimeType = (code: GeneratedCode) => mimeTypes[code.language];

/** Export as…: the selected tool or every enabled one, as code, definitions or a downloadable project. */
export default function ExportContainer({ onClose }: { onClose(): void }) {
  const { tools, selectedToolId, compilations, settings, testCalls, runTestCall, compileEnabledTools, checkArguments } = useAppStore(
    useShallow((state) => ({
      compileEnabledTools: state.compileEnabledTools,
      checkArguments: state.checkArguments,
      tools: state.workspace.tools,
      selectedToolId: state.selectedToolId,
      compilations: state.compilations,
      settings: state.workspace.settings,
      testCalls: state.testCalls,
      runTestCall: state.runTestCall,
    })),
  );
  const selected = tools.find((tool) => tool.id === selectedToolId) ?? null;
  const enabled = useMemo(() => tools.filter((tool) => tool.enabled), [tools]);
  const [scope, setScope] = useState<ExportScope>(selected ? 'tool' : 'enabled');
  const [choice, setChoice] = useState<ExportChoice>('ai-sdk');
  const [flavour, setFlavour] = useState<ProjectFlavour>('plain');
  const [runningTestCalls, setRunningTestCalls] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [status, setStatus] = useState<{ kind: 'done' | 'error'; message: string } | null>(null);
  const [verdicts, setVerdicts] = useState<Record<string, ArgumentVerdict>>({});

  // The JSON targets need every tool's JSON Schema: a tool imported or enabled since start-up may not be compiled yet.
  useEffect(() => void compileEnabledTools(), [compileEnabledTools]);

  const exported = useMemo(() => (scope === 'tool' && selected ? [selected] : enabled), [scope, selected, enabled]);
  const defaults = useMemo(() => ({ timeoutMs: settings.timeoutMs, retry: settings.retry }), [settings.timeoutMs, settings.retry]);
  const lints = useMemo(() => exportLints(exported, compilations), [exported, compilations]);
  const { projectTools, rows } = useMemo(() => projectToolsOf(exported, testCalls, verdicts), [exported, testCalls, verdicts]);

  // Arguments no test call has tried yet are put to the tool's schema, so a generated test never expects
  // success for arguments it refuses. Each verdict is kept with the arguments and schema it judged.
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (choice !== 'project') return;
    for (const [index, tool] of exported.entries()) {
      const { argumentsText, schemaSource } = tool;
      const key = `${tool.id}\u0000${argumentsText}\u0000${schemaSource}`;
      if (rows[index]?.source !== 'checking' || asked.current.has(key)) continue;
      asked.current.add(key);
      void checkArguments(tool.id, JSON.parse(argumentsText.trim() === '' ? '{}' : argumentsText))
        .catch((error: unknown) => ({ status: 'unknown' as const, reason: messageOf(error) }))
        .then((check) => setVerdicts((current) => ({ ...current, [tool.id]: { argumentsText, schemaSource, check } })));
    }
  }, [choice, rows, exported, checkArguments]);

  const generated = useMemo(() => {
    if (choice === 'project') return null;
    if (exported.length === 0) return { ok: false as const, reason: 'No tools to export: enable a tool or select one.' };
    const mismatch = languageMismatch(choice, exported);
    if (mismatch) return { ok: false as const, reason: mismatch };
    const definitions = exported.map((tool) => definitionOf(tool, compilations[tool.id]));
    const missing = exported.filter((_tool, index) => !definitions[index]).map((tool) => tool.name);
    if (choice.endsWith('-json') && missing.length > 0)
      return {
        ok: false as const,
        reason: `No JSON Schema yet for ${missing.join(', ')}: its schema has not compiled (see the Schema tab).`,
      };
    const code = exportCode({
      target: choice,
      tools: exported,
      definitions: definitions.filter((definition): definition is ToolDefinition => !!definition),
      defaults,
    });
    return { ok: true as const, code };
  }, [choice, exported, compilations, defaults]);

  const runTestCalls = async () => {
    setRunningTestCalls(true);
    // One at a time, as a person would: each call takes the sandbox's attention (and timeouts take seconds).
    const assumed = new Set(rows.filter((row) => row.source === 'assumed').map((row) => row.toolName));
    for (const tool of exported) if (assumed.has(tool.name)) await runTestCall(tool.id);
    setRunningTestCalls(false);
  };

  const downloadProject = async () => {
    setDownloading(true);
    setStatus(null);
    try {
      const { zipProject } = await loadProjectZipper();
      const name = exported.length === 1 ? `${exported[0]?.name.replace(/_/g, '-')}-tool` : 'toolscope-tools';
      const zip = await zipProject({
        name,
        flavour,
        tools: projectTools,
        settings: {
          concurrency: settings.concurrency,
          timeoutMs: settings.timeoutMs,
          retry: settings.retry,
          maxIterations: settings.maxIterations,
        },
      });
      downloadFile(`${name}.zip`, zip as Uint8Array<ArrayBuffer>, 'application/zip');
      setStatus({
        kind: 'done',
        message: `${name}.zip (${Math.max(1, Math.round(zip.byteLength / 1024))} kB): unzip it, then npm install && npm start.`,
      });
    } catch (error) {
      setStatus({ kind: 'error', message: `The project could not be built: ${messageOf(error)}` });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <ExportDialog
      selectedToolName={selected?.name ?? null}
      enabledCount={enabled.length}
      scope={scope}
      onScopeChange={setScope}
      choice={choice}
      onChoiceChange={setChoice}
      lints={lints}
      generated={generated}
      onDownloadFile={(code) => downloadFile(code.fileName, code.text, mimeType(code))}
      onClose={onClose}
      project={{
        flavour,
        onFlavourChange: setFlavour,
        rows,
        onRunTestCalls: () => void runTestCalls(),
        runningTestCalls,
        onDownload: () => void downloadProject(),
        downloading,
        status,
        refusal: choice === 'project' ? languageMismatch('project', exported) : null,
      }}
    />
  );
}
