import { lazy, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { toolTemplate } from '../../../samples/index.ts';
import { toolStatus } from '../../../store/selectors.ts';
import { checkToolName, uniqueToolName } from '../../../workspace/tool-names.ts';
import { ToolList } from './ToolList.tsx';
import type { ToolListItem } from './tool-list-item.ts';
import { useShellStore } from '../../store-context.tsx';
import { WithRunLayer } from '../../elements/WithRunLayer.tsx';

// The dialogs load with their own chunk (code generators, the JSON Schema converter): only when opened.
const ExportContainer = lazy(() => import('../transfer/ExportContainer.tsx'));
const ImportContainer = lazy(() => import('../transfer/ImportContainer.tsx'));

export function ToolsContainer() {
  const [dialog, setDialog] = useState<'export' | 'import' | null>(null);
  const [language, setLanguage] = useState<'typescript' | 'python'>('typescript');
  const tools = useShellStore((state) => state.workspace.tools);
  const compilations = useShellStore((state) => state.compilations);
  const health = useShellStore((state) => state.health);
  const checkingHealth = useShellStore((state) => state.checkingHealth);
  const items = useMemo(
    () =>
      tools.map((tool): ToolListItem => {
        const { status, detail } = toolStatus(compilations[tool.id], health[tool.id]);
        return { id: tool.id, name: tool.name, enabled: tool.enabled, status, statusDetail: detail };
      }),
    [tools, compilations, health],
  );
  const selectedToolId = useShellStore((state) => state.selectedToolId);
  const creating = useShellStore((state) => state.creatingTool);
  const actions = useShellStore(
    useShallow((state) => ({
      selectTool: state.selectTool,
      addTool: state.addTool,
      duplicateTool: state.duplicateTool,
      renameTool: state.renameTool,
      deleteTool: state.deleteTool,
      undoDeleteTool: state.undoDeleteTool,
      updateTool: state.updateTool,
      notify: state.notify,
      checkHealth: state.checkHealth,
      setCreatingTool: state.setCreatingTool,
      setEditorTab: state.setEditorTab,
    })),
  );
  // A new tool starts with its name (asked inline), then its schema: what it takes comes first.
  const create = (name: string) => {
    const check = checkToolName(name, tools);
    if (!check.ok) return check;
    if (language === 'python') {
      // The template's function is named after the tool; its Code is all there is to edit.
      actions.addTool({ language: 'python', name });
      actions.setCreatingTool(false);
      actions.setEditorTab('code');
      setLanguage('typescript');
      return check;
    }
    const toolId = actions.addTool();
    actions.renameTool(toolId, name);
    actions.setCreatingTool(false);
    actions.setEditorTab('schema');
    return check;
  };
  return (
    <>
      <ToolList
        tools={items}
        selectedToolId={selectedToolId}
        onSelect={actions.selectTool}
        creating={creating}
        suggestedName={uniqueToolName(toolTemplate.name, tools)}
        onStartCreating={(creating) => {
          setLanguage('typescript');
          actions.setCreatingTool(creating);
        }}
        onStartCreatingPython={() => {
          setLanguage('python');
          actions.setCreatingTool(true);
        }}
        creatingLanguage={language}
        onCreate={create}
        onDuplicate={(toolId) => actions.duplicateTool(toolId)}
        onRename={actions.renameTool}
        onDelete={(toolId) => {
          const name = items.find((item) => item.id === toolId)?.name ?? 'tool';
          actions.deleteTool(toolId);
          actions.notify({ level: 'info', message: `Deleted ${name}.`, action: { label: 'Undo', run: actions.undoDeleteTool } });
        }}
        onToggleEnabled={(toolId, enabled) => actions.updateTool(toolId, { enabled })}
        checkingHealth={checkingHealth}
        onCheckHealth={() => void actions.checkHealth()}
        onExport={() => setDialog('export')}
        onImport={() => setDialog('import')}
      />
      <WithRunLayer fallback={null}>
        {dialog === 'export' && <ExportContainer onClose={() => setDialog(null)} />}
        {dialog === 'import' && <ImportContainer onClose={() => setDialog(null)} />}
      </WithRunLayer>
    </>
  );
}
