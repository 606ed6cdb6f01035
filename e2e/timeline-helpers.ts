// Shared steps of the timeline specs: run a sample scenario once every tool has compiled, and read the
// Calls table (the chart's accessible twin) as numbers.
import { expect, type Page } from '@playwright/test';
import { runEndStatus } from './lesson-helpers.ts';

export interface CallRowText {
  tool: string;
  status: string;
  attempts: number;
  start: number;
  duration: number;
}

export async function openWithToolsReady(page: Page): Promise<void> {
  await page.goto('/');
  // A scenario started before a tool has compiled would find it missing (unknown_tool).
  await expect(page.getByRole('list', { name: 'Tool list' }).getByRole('img', { name: 'checking…' })).toHaveCount(0, { timeout: 60_000 });
  await scenarioPickerReady(page);
}

/** The Conversation panel, with its scenarios, arrives a moment after the tool list (the shell comes first): wait for it as a person would. */
export async function scenarioPickerReady(page: Page): Promise<void> {
  const picker = page.getByRole('region', { name: 'Conversation' }).getByRole('combobox', { name: 'Scenario' });
  await expect(picker.locator('option').first()).toBeAttached({ timeout: 30_000 });
}

export async function runScenario(page: Page, namePrefix: string): Promise<void> {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const picker = conversation.getByRole('combobox', { name: 'Scenario' });
  await scenarioPickerReady(page);
  const labels = await picker.locator('option').allTextContents();
  const label = labels.find((candidate) => candidate.startsWith(namePrefix));
  if (!label) throw new Error(`No scenario starting with "${namePrefix}" in ${labels.join(', ')}`);
  await picker.selectOption({ label });
  await conversation.getByRole('button', { name: 'Run scenario' }).click();
}

export async function waitForRunEnd(page: Page): Promise<void> {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  // A scenario that adds a Python tool (issue 31) first loads Pyodide and boots interpreters: on a page's
  // first Python run that took up to a minute and a half on the loaded 2-core machine.
  await expect(conversation.getByRole('button', { name: 'Run scenario' })).toBeEnabled({ timeout: 120_000 });
  await expect(runEndStatus(page)).toBeVisible({ timeout: 30_000 });
}

export function callsTable(page: Page) {
  return page.getByRole('region', { name: 'Timeline' }).getByRole('table', { name: 'Calls' });
}

export async function readCalls(page: Page): Promise<CallRowText[]> {
  const rows = await callsTable(page)
    .locator('tbody tr')
    .evaluateAll((elements) =>
      // The tool cell holds the tool's button, then its key argument (` · Paris`): the tool is the button.
      elements.map((row) =>
        [...row.querySelectorAll('td')].map((cell) => (cell.querySelector('button') ?? cell).textContent?.trim() ?? ''),
      ),
    );
  return rows.map(([tool = '', status = '', attempts = '', start = '', duration = '']) => ({
    tool,
    status,
    attempts: Number(attempts),
    start: Number(start),
    duration: Number(duration),
  }));
}

/** The most calls whose [start, start + duration) intervals overlap at one instant. */
export function peakOverlap(calls: readonly CallRowText[]): number {
  return Math.max(
    0,
    ...calls.map((probe) => calls.filter((other) => other.start <= probe.start && probe.start < other.start + other.duration).length),
  );
}

/**
 * Selects the call in the Calls table, zooms the chart to it, and finds its row by moving the pointer
 * down the middle of the chart until the tooltip names it (the rows are drawn on a canvas). Returns the
 * row's y and the chart's horizontal extent, for sweeping along the bar.
 */
export async function hoverCall(page: Page, tool: string): Promise<{ y: number; left: number; right: number }> {
  await callsTable(page).getByRole('button', { name: tool }).first().click();
  await page.getByRole('button', { name: 'Zoom to selection' }).click();
  const chart = page.getByRole('group', { name: 'Timeline chart' });
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not visible');
  const left = box.x + 168;
  const right = box.x + box.width - 16;
  const tooltip = page.getByRole('tooltip');
  for (let y = box.y + 24; y < box.y + box.height; y += 4) {
    await page.mouse.move((left + right) / 2, y);
    if (
      (await tooltip.count()) > 0 &&
      (await tooltip.locator('strong').textContent()) === tool &&
      (await tooltip.innerText()).includes('phase')
    )
      return { y, left, right };
  }
  throw new Error(`no bar of ${tool} in the chart`);
}

/** The phases the tooltip names along the bar at `y`. */
export async function phasesAlong(page: Page, { y, left, right }: { y: number; left: number; right: number }): Promise<string[]> {
  const phases = new Set<string>();
  const tooltip = page.getByRole('tooltip');
  // Every 8 px, not every pixel: the phases drawn (attempts, backoff waits) are tens of pixels wide.
  for (let x = left + 2; x < right; x += 8) {
    await page.mouse.move(x, y);
    if ((await tooltip.count()) === 0) continue;
    const phase = /phase\s+([^\n]+)/.exec(await tooltip.innerText())?.[1];
    if (phase) phases.add(phase.trim());
  }
  return [...phases];
}
