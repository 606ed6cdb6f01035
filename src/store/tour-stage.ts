// Brings up the view a tour chapter needs (its layout, tabs, the tool it talks about, its own run or
// none), so the class sees what the card points at without hunting for it. Views only, through the same
// actions a click takes: the workspace (tools, settings, scenarios) is never touched.
import type { TourChapter } from '../tour/index.ts';
import type { AppState } from './app-state.ts';

export function applyTourStage(state: AppState, chapter: Pick<TourChapter, 'stage' | 'scenarioName'>): void {
  const { stage } = chapter;
  state.requestLayout(stage.layout);
  if (stage.timelineTab && state.timelineTab !== stage.timelineTab) state.setTimelineTab(stage.timelineTab);
  if (stage.editorTab && state.editorTab !== stage.editorTab) state.setEditorTab(stage.editorTab);
  const tool = stage.tool === undefined ? undefined : state.workspace.tools.find((candidate) => candidate.name === stage.tool);
  if (tool && state.selectedToolId !== tool.id) state.selectTool(tool.id);
  if (showsAnotherScenario(state, chapter.scenarioName)) state.clearConversation();
}

/**
 * The conversation on show is another scenario's run, while the chapter is about its own (issue 27:
 * chapter 7 showed chapter 6's Timeout run under a card about the Inventory burst). It is put away as
 * Clear does: the run itself stays in Runs. A run still going is left alone, and a chapter without a
 * scenario (Metrics reads the last run) keeps what is on show.
 */
function showsAnotherScenario(state: AppState, scenarioName: string | undefined): boolean {
  const { conversation } = state;
  if (scenarioName === undefined || conversation.running || conversation.messages.length === 0) return false;
  const [opening] = conversation.messages;
  return !(opening?.role === 'user' && opening.content === scenarioName);
}
