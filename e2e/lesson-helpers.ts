// Steps shared by the specs of issue 24: the workspace as Export writes it, and the transcript's call badges.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

export const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

/** The run's outcome line ("final answer after 2 model calls"): visible once a run has ended. */
export const runEndStatus = (page: Page) =>
  conversation(page)
    .getByRole('status')
    .filter({ hasText: / after \d+ model call/ });

/** The workspace as Export writes it, without the time of the export. */
export async function exportedWorkspace(page: Page): Promise<unknown> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('banner').getByRole('button', { name: 'Export', exact: true }).click();
  const file = JSON.parse(await readFile(await (await downloading).path(), 'utf8')) as { workspace: unknown };
  return file.workspace;
}

/** The badge of each tool call in the transcript ("lookup_user error: invalid_arguments"), in order. */
export async function callBadges(page: Page): Promise<string[]> {
  const items = conversation(page).getByRole('list', { name: 'Tool calls' }).getByRole('listitem');
  return items.evaluateAll((elements) =>
    elements.map((item) => {
      const name = item.querySelector('.call-name')?.textContent ?? '';
      const status = (item.querySelector('.call-status')?.textContent ?? '').replace(/ · \d+ ms$/, '');
      return `${name} ${status}`;
    }),
  );
}

/** What a scenario run teaches, as the page shows it: how it stopped, each call's badge, the final answer. */
export interface RunOutcome {
  stop: string;
  calls: string[];
  answer: string;
}

export async function runOutcome(page: Page): Promise<RunOutcome> {
  const status = (await runEndStatus(page).textContent()) ?? '';
  const answers = await conversation(page).locator('.message-assistant > p:not(.offered-tools)').allTextContents();
  return { stop: status.replace(/ · \d+ tokens$/, ''), calls: await callBadges(page), answer: answers.at(-1)?.trim() ?? '' };
}
