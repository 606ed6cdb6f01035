import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { mcpOrigin, mcpSection } from './mcp-helpers.ts';

// Issue 28, finding 2 for MCP servers: a secret header (here the bearer token) entered for one server URL
// must not follow the server when its URL is changed to another origin: the new origin gets no token
// until the person types it for that address.

const otherOrigin = mcpOrigin.replace('127.0.0.1', 'localhost');

test.beforeEach(async ({ guards, request }) => {
  guards.allowOrigin(mcpOrigin);
  guards.allowOrigin(otherOrigin);
  await request.post(`${mcpOrigin}/test/reset`);
});

/** The Authorization header of every MCP request the page sent, by origin. */
function watchTokens(page: Page): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/mcp') || request.method() !== 'POST') return;
    const list = seen.get(url.origin) ?? [];
    list.push(request.headers().authorization ?? '(none)');
    seen.set(url.origin, list);
  });
  return seen;
}

async function submitConnection(page: Page, url: string, token?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Connect an MCP server' });
  const address = dialog.getByRole('textbox', { name: /Server URL/ });
  await address.fill('');
  await address.pressSequentially(url);
  if (token !== undefined) await dialog.getByLabel('Bearer token (optional)').pressSequentially(token);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(mcpSection(page).getByRole('img', { name: 'connected' }).last()).toBeVisible();
}

async function editConnection(page: Page): Promise<void> {
  await mcpSection(page).locator('.mcp-server-name').first().click();
  await page.getByRole('button', { name: 'Edit connection…' }).click();
}

test('a server moved to another origin gets no secret header until the person enters it for that address', async ({ page }) => {
  const tokens = watchTokens(page);
  await page.goto('/');
  await mcpSection(page).getByRole('button', { name: 'Add server…' }).click();
  await submitConnection(page, `${mcpOrigin}/mcp`, 'mcp-secret-0123');
  expect(tokens.get(mcpOrigin)?.every((value) => value === 'Bearer mcp-secret-0123')).toBe(true);

  // Only the address changes; the token field is left as it was (blank: secrets are never shown).
  await editConnection(page);
  await submitConnection(page, `${otherOrigin}/mcp`);
  expect(tokens.get(otherOrigin)?.length, 'the server was reached at its new address').toBeGreaterThan(0);
  expect(tokens.get(otherOrigin), 'what the new origin received').toEqual(tokens.get(otherOrigin)?.map(() => '(none)'));

  // The person agrees by typing the token for this address: now it is sent there.
  const before = tokens.get(otherOrigin)?.length ?? 0;
  await editConnection(page);
  await submitConnection(page, `${otherOrigin}/mcp`, 'mcp-secret-0123');
  expect(
    tokens
      .get(otherOrigin)
      ?.slice(before)
      .every((value) => value === 'Bearer mcp-secret-0123'),
  ).toBe(true);
});
