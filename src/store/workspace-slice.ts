import type { StateCreator } from 'zustand/vanilla';
import { pythonToolTemplate, toolTemplate } from '../samples/index.ts';
import type { AppState, AppMiddlewares } from './app-state.ts';
import { createDefaultWorkspace, toolSourceFromSample } from '../workspace/default-workspace.ts';
import { newId } from '../workspace/new-id.ts';
import type { RunSettings, ScenarioSource, ToolSource, Workspace } from '../workspace/workspace-schema.ts';
import { checkToolName, uniqueToolName, type NameCheck } from '../workspace/tool-names.ts';
import { withSamples, type SampleSet } from '../workspace/new-samples.ts';

/** A tool as pasted definitions give it: everything but identity and the enabled switch. */
export type ImportedTool = Pick<ToolSource, 'name' | 'description' | 'schemaSource' | 'codeSource' | 'idempotent' | 'argumentsText'>;

/** Fields of a tool that edits may change directly (identity and name have their own actions). */
export type ToolPatch = Partial<Omit<ToolSource, 'id' | 'name'>>;

export interface WorkspaceSlice {
  workspace: Workspace;
  /** The last deleted tool and where it was, for Undo. */
  deletedTool: { tool: ToolSource; index: number } | null;
  /** A new tool from the template of its language (TypeScript unless said); `name` defaults to a free "new_tool". */
  addTool(options?: { language?: 'typescript' | 'python'; name?: string }): string;
  /** Adds tools brought in from pasted definitions (issue 18); the first is selected. Returns their ids. */
  importTools(tools: readonly ImportedTool[]): string[];
  duplicateTool(toolId: string): string | null;
  renameTool(toolId: string, name: string): NameCheck;
  deleteTool(toolId: string): void;
  undoDeleteTool(): void;
  updateTool(toolId: string, patch: ToolPatch): void;
  updateScenario(scenarioId: string, patch: Partial<Omit<ScenarioSource, 'id'>>): void;
  updateSettings(patch: Partial<RunSettings>): void;
  replaceWorkspace(workspace: Workspace): void;
  resetToSamples(): void;
  /** Adds copies of samples newer than the workspace; every sample then counts as offered. */
  addSamples(samples: SampleSet): void;
  /** Remembers that the samples newer than the workspace were offered, so the offer is made once. */
  markSamplesOffered(): void;
}

type WorkspaceSliceCreator = StateCreator<AppState, AppMiddlewares, [], WorkspaceSlice>;

export const createWorkspaceSlice =
  (initial: Workspace): WorkspaceSliceCreator =>
  (set, get) => {
    const setTools = (tools: ToolSource[], action: string, extra: Partial<AppState> = {}) =>
      set((state) => ({ ...extra, workspace: { ...state.workspace, tools } }), undefined, action);

    return {
      workspace: initial,
      deletedTool: null,

      addTool({ language = 'typescript', name } = {}) {
        const tools = get().workspace.tools;
        const free = name ?? uniqueToolName(toolTemplate.name, tools);
        const tool: ToolSource =
          language === 'python'
            ? { ...toolSourceFromSample(pythonToolTemplate(free)), language: 'python' }
            : { ...toolSourceFromSample(toolTemplate), name: free };
        setTools([...tools, tool], 'workspace/addTool', { selectedToolId: tool.id });
        return tool.id;
      },

      importTools(imported) {
        const tools = [...get().workspace.tools];
        const added = imported.map((draft): ToolSource => {
          const tool = { ...draft, id: newId(), name: uniqueToolName(draft.name, tools), enabled: true };
          tools.push(tool);
          return tool;
        });
        if (added.length > 0) setTools(tools, 'workspace/importTools', { selectedToolId: added[0]?.id ?? null });
        return added.map((tool) => tool.id);
      },

      duplicateTool(toolId) {
        const tools = get().workspace.tools;
        const index = tools.findIndex((tool) => tool.id === toolId);
        const original = tools[index];
        if (!original) return null;
        const copy = { ...structuredClone(original), id: newId(), name: uniqueToolName(`${original.name}_copy`, tools) };
        setTools(tools.toSpliced(index + 1, 0, copy), 'workspace/duplicateTool', { selectedToolId: copy.id });
        return copy.id;
      },

      renameTool(toolId, name) {
        const tools = get().workspace.tools;
        const check = checkToolName(name, tools, toolId);
        if (check.ok)
          setTools(
            tools.map((tool) => (tool.id === toolId ? { ...tool, name } : tool)),
            'workspace/renameTool',
          );
        return check;
      },

      deleteTool(toolId) {
        const { workspace, selectedToolId } = get();
        const index = workspace.tools.findIndex((tool) => tool.id === toolId);
        const tool = workspace.tools[index];
        if (!tool) return;
        const remaining = workspace.tools.toSpliced(index, 1);
        const nextSelection = selectedToolId === toolId ? (remaining[Math.min(index, remaining.length - 1)]?.id ?? null) : selectedToolId;
        setTools(remaining, 'workspace/deleteTool', { deletedTool: { tool, index }, selectedToolId: nextSelection });
      },

      undoDeleteTool() {
        const { deletedTool, workspace } = get();
        if (!deletedTool) return;
        // The name may have been taken meanwhile; the restored tool then gets a free one.
        const tool = { ...deletedTool.tool, name: uniqueToolName(deletedTool.tool.name, workspace.tools) };
        setTools(workspace.tools.toSpliced(deletedTool.index, 0, tool), 'workspace/undoDeleteTool', {
          deletedTool: null,
          selectedToolId: tool.id,
        });
      },

      updateTool(toolId, patch) {
        setTools(
          get().workspace.tools.map((tool) => (tool.id === toolId ? { ...tool, ...patch } : tool)),
          'workspace/updateTool',
        );
      },

      updateScenario(scenarioId, patch) {
        set(
          (state) => ({
            workspace: {
              ...state.workspace,
              scenarios: state.workspace.scenarios.map((scenario) => (scenario.id === scenarioId ? { ...scenario, ...patch } : scenario)),
            },
          }),
          undefined,
          'workspace/updateScenario',
        );
      },

      updateSettings(patch) {
        set(
          (state) => ({ workspace: { ...state.workspace, settings: { ...state.workspace.settings, ...patch } } }),
          undefined,
          'workspace/updateSettings',
        );
      },

      replaceWorkspace(workspace) {
        // "Keep v2" would write a lesson's version into a workspace that lesson never ran beside.
        get().withdrawLessonOffer();
        set({ workspace, deletedTool: null, selectedToolId: workspace.tools[0]?.id ?? null }, undefined, 'workspace/replace');
      },

      resetToSamples() {
        get().replaceWorkspace(createDefaultWorkspace());
      },

      addSamples(samples) {
        set((state) => ({ workspace: withSamples(state.workspace, samples) }), undefined, 'workspace/addSamples');
      },

      markSamplesOffered() {
        get().addSamples({ tools: [], scenarios: [] });
      },
    };
  };
