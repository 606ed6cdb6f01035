// The Tools toolbar's actions, reached as a person reaches them: New tool, New Python tool and Check health
// are buttons on it; the others are in its More menu (issue 27: eight buttons took four rows at 1280×720).
import type { Page } from '@playwright/test';

export type ToolsMenuAction = 'Duplicate' | 'Rename' | 'Delete' | 'Export as…' | 'Import…';

export function toolsToolbar(page: Page) {
  return page.getByRole('region', { name: 'Tools' }).getByRole('toolbar', { name: 'Tool actions' });
}

/** Opens the More menu with a click and chooses the action. */
export async function toolsAction(page: Page, name: ToolsMenuAction): Promise<void> {
  const toolbar = toolsToolbar(page);
  await toolbar.getByRole('button', { name: 'More tool actions' }).click();
  await toolbar.getByRole('menu', { name: 'More tool actions' }).getByRole('menuitem', { name, exact: true }).click();
}
