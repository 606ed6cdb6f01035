import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

// Issue 12, defect 8: servers that answer plain JSON (or a web page) where the app expected a stream.
const fixture = (name: string) => readFileSync(new URL(`../src/llm/openai/__fixtures__/${name}`, import.meta.url), 'utf8');
const finalAnswer = JSON.stringify({
  id: 'chatcmpl-2',
  object: 'chat.completion',
  model: 'proxy-model',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Both lookups are done.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 40, completion_tokens: 6, total_tokens: 46 },
});

async function useOpenAICompatible(page: Page, baseURL: string | undefined, path: string) {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('combobox', { name: 'Model provider' }).selectOption('openai-compatible');
  await conversation.getByLabel('Model', { exact: true }).click();
  await page.keyboard.type('proxy-model');
  await conversation.getByLabel('Base URL').click();
  await page.keyboard.type(`${baseURL}${path}`);
  return conversation;
}

async function send(page: Page, text: string) {
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type(text);
  await conversation.getByRole('button', { name: 'Send' }).click();
}

test(
  'a proxy that answers plain JSON to a streaming request, then with streaming switched off',
  { tag: '@extended' },
  async ({ page, baseURL }) => {
    const bodies: { stream?: boolean }[] = [];
    await page.route('**/json-proxy/v1/chat/completions', async (route) => {
      bodies.push(route.request().postDataJSON());
      // The first answer of each turn asks for two tools; the one after the tool results ends the turn.
      const body = bodies.length % 2 === 1 ? fixture('openai-parallel-tools.json') : finalAnswer;
      await route.fulfill({ status: 200, headers: { 'content-type': 'application/json' }, body });
    });
    await page.goto('/');
    const conversation = await useOpenAICompatible(page, baseURL, '/json-proxy/v1');
    const streaming = conversation.getByRole('checkbox', { name: 'Stream responses' });
    await expect(streaming).toBeChecked();
    await send(page, 'Weather in Edinburgh and the AAPL price?');

    const calls = conversation.getByRole('list', { name: 'Tool calls' }).first();
    await expect(calls).toContainText('GetWeatherArgs', { timeout: 30_000 });
    await expect(calls).toContainText('get_stock_price');
    await expect(conversation).toContainText('Both lookups are done.');
    await expect(conversation.getByRole('alert')).toHaveCount(0);
    expect(bodies[0]?.stream).toBe(true);

    await streaming.click();
    await expect(streaming).not.toBeChecked();
    await send(page, 'Once more, please.');
    await expect(conversation.getByText('Both lookups are done.')).toHaveCount(2, { timeout: 30_000 });
    expect(bodies).toHaveLength(4);
    expect(bodies[2]).not.toHaveProperty('stream');

    // The switch is part of the workspace: it survives a reload.
    await page.keyboard.press('ControlOrMeta+S');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('checkbox', { name: 'Stream responses' })).not.toBeChecked();
  },
);

test('a base URL that serves a web page says so instead of failing as a broken stream', { tag: '@extended' }, async ({ page, baseURL }) => {
  await page.route('**/welcome/chat/completions', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html><title>Welcome</title><h1>It works!</h1>',
    }),
  );
  await page.goto('/');
  const conversation = await useOpenAICompatible(page, baseURL, '/welcome');
  await send(page, 'Hello?');
  const alert = conversation.getByRole('alert');
  await expect(alert).toContainText('answered with a web page, not the model API: check the base URL', { timeout: 30_000 });
  await expect(alert).toContainText('/welcome/chat/completions');
});
