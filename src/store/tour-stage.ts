// Brings up the view a tour chapter needs (its layout, tabs, the tool it talks about), so the class sees
// what the card points at without hunting for it. Views only, through the same actions a click takes:
// the workspace (tools, settings, scenarios) is never touched.
import type { TourStage } from '../tour/index.ts';
import type { AppState } from './app-state.ts';

export function applyTourStage(state: AppState, stage: TourStage): void {
  state.requestLayout(stage.layout);
  if (stage.timelineTab && state.timelineTab !== stage.timelineTab) state.setTimelineTab(stage.timelineTab);
  if (stage.editorTab && state.editorTab !== stage.editorTab) state.setEditorTab(stage.editorTab);
  const tool = stage.tool === undefined ? undefined : state.workspace.tools.find((candidate) => candidate.name === stage.tool);
  if (tool && state.selectedToolId !== tool.id) state.selectTool(tool.id);
}
