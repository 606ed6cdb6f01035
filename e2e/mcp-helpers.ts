// Steps shared by the MCP specs: the sample server (started by playwright.config.ts), connecting to it
// through the connection dialog, test calls of its tools, and what the server recorded.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const mcpOrigin = `http://127.0.0.1:${process.env.E2E_MCP_PORT ?? 4310}`;
export const sampleUrl = `${mcpOrigin}/mcp`;
const mcpPort = Number(process.env.E2E_MCP_PORT ?? 4310);
/** server-everything over Streamable HTTP, and its stdio mode through the bridge (playwright.config.ts). */
export const everythingOrigin = `http://127.0.0.1:${process.env.E2E_EVERYTHING_PORT ?? mcpPort + 10}`;
export const bridgeOrigin = `http://127.0.0.1:${process.env.E2E_BRIDGE_PORT ?? mcpPort + 11}`;
export const bridgeUrl = `${bridgeOrigin}/e2e-bridge-token/mcp`;

export interface SampleEvents {
  calls: { tool: string; requestId: number }[];
  cancellations: { tool: string | null; requestId: number; reason: string | null }[];
  lateFinishes: { tool: string }[];
  refusals: { tool: string }[];
}

/** What the sample server saw (asked from the test, not the page). */
export async function sampleEvents(request: APIRequestContext): Promise<SampleEvents> {
  return (await request.get(`${mcpOrigin}/test/events`)).json() as Promise<SampleEvents>;
}

export function mcpSection(page: Page) {
  return page.getByRole('region', { name: 'MCP servers' });
}

/** Opens the dialog, types the URL like a person, presses Connect. Leaves the dialog open on failure. */
export async function connectServer(page: Page, url: string): Promise<void> {
  await mcpSection(page).getByRole('button', { name: 'Add server…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an MCP server' });
  await dialog.getByRole('textbox', { name: /Server URL/ }).fill(url);
  await dialog.getByRole('button', { name: 'Connect' }).click();
}

export async function connectSample(page: Page, url = sampleUrl): Promise<void> {
  await connectServer(page, url);
  // The dialog closes once the server has answered.
  await expect(page.getByRole('dialog', { name: 'Connect an MCP server' })).toHaveCount(0);
  await expect(mcpSection(page).getByRole('img', { name: 'connected' }).last()).toBeVisible();
}

export async function selectMcpTool(page: Page, name: string): Promise<void> {
  await mcpSection(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByLabel(`MCP tool ${name}`)).toBeVisible();
}

/** Replaces the Test call arguments (Monaco: one line, so nothing is auto-closed) and runs the call. */
export async function testCall(page: Page, name: string, argumentsValue: unknown): Promise<void> {
  await selectMcpTool(page, name);
  const testCallRegion = page.getByRole('region', { name: 'Test call' });
  await expect(testCallRegion.locator('.view-line').first()).toBeVisible();
  await testCallRegion.getByRole('textbox', { name: 'Arguments editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(argumentsValue));
  await testCallRegion.getByRole('button', { name: 'Run call' }).click();
}

export function callResult(page: Page) {
  return page.getByRole('region', { name: 'Test call' }).getByRole('region', { name: 'Call result' });
}

export async function setNumber(page: Page, name: string, value: number): Promise<void> {
  const field = page.getByRole('spinbutton', { name });
  await field.scrollIntoViewIfNeeded();
  await field.fill(String(value));
  await expect(field).toHaveValue(String(value));
}
